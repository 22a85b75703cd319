// The Copy buttons (`button[data-copy]`): copy their value to the clipboard and say "Copied"
// for three seconds. Where the Clipboard API is missing or refused (a plain-HTTP address other
// than localhost, an old browser), the value is selected where the page shows it and the hint
// beside the button (`[data-copy-hint]`) says how to copy it; copying it then says "Copied".
export {};

const copiedLabelMs = 3000;
const labelTimers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

function sayCopied(button: HTMLElement): void {
  const label = button.querySelector("[data-copy-label]");
  if (!label) return;
  label.textContent = "Copied";
  clearTimeout(labelTimers.get(button));
  labelTimers.set(
    button,
    setTimeout(() => {
      label.textContent = "Copy";
    }, copiedLabelMs),
  );
}

/** Selects the value where it is written beside the button (the paragraph's text, not the button's). */
function selectValueBeside(button: HTMLElement, value: string): boolean {
  const container = button.parentElement;
  if (!container) return false;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const start = node.textContent?.indexOf(value) ?? -1;
    if (start < 0 || button.contains(node)) continue;
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + value.length);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return true;
  }
  return false;
}

/** How to copy a selection on this device. */
function copyHint(): string {
  if (window.matchMedia("(pointer: coarse)").matches) return "Selected: use your browser's Copy";
  return /Mac|iPhone|iPad/.test(navigator.platform) ? "Press ⌘C to copy" : "Press Ctrl+C to copy";
}

document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element && event.target.closest<HTMLElement>("button[data-copy]");
  if (!button) return;
  const value = button.dataset.copy ?? "";
  const hint = button.parentElement?.querySelector("[data-copy-hint]");
  try {
    await navigator.clipboard.writeText(value);
    if (hint) hint.textContent = "";
    sayCopied(button);
  } catch {
    const selected = selectValueBeside(button, value);
    if (hint) hint.textContent = selected ? copyHint() : "Select the address to copy it";
    document.addEventListener("copy", () => sayCopied(button), { once: true });
  }
});
