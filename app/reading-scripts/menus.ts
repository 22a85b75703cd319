// The site's disclosure menus (the phone menu, the user menu: `details[data-menu]`), which
// open and close without JavaScript, also close on Escape (focus returns to their summary)
// and on a click outside; a notice's dismiss button hides it (it also fades by itself).
export {};

const openMenus = () => document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]");

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const menu of openMenus()) {
    const hadFocus = menu.contains(document.activeElement);
    menu.open = false;
    if (hadFocus) menu.querySelector("summary")?.focus();
  }
});

document.addEventListener("pointerdown", (event) => {
  for (const menu of openMenus())
    if (!(event.target instanceof Node && menu.contains(event.target))) menu.open = false;
});

document.addEventListener("click", (event) => {
  const dismiss = event.target instanceof Element && event.target.closest("[data-dismiss-notice]");
  if (dismiss) dismiss.closest("[data-notice]")?.remove();
});

document.documentElement.dataset.enhanced = "true";
