// The building's map (`[data-map]`): the embed is fetched from the map provider only when the
// map scrolls near the screen or the visitor presses "Show the map", never before first paint.
export {};

function show(container: Element): void {
  const template = container.querySelector("template");
  if (!template) return;
  container.replaceChildren(template.content.cloneNode(true));
}

const maps = document.querySelectorAll("[data-map]");
const observer =
  "IntersectionObserver" in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer?.unobserve(entry.target);
            show(entry.target);
          }
        },
        { rootMargin: "200px" },
      )
    : undefined;

for (const map of maps) {
  observer?.observe(map);
  map.querySelector("[data-show-map]")?.addEventListener("click", () => show(map));
}
