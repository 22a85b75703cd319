// The Copy buttons (`button[data-copy]`): copy their value to the clipboard and say so for
// three seconds. Where the Clipboard API is missing or refused (an insecure address, an old
// browser), the address itself is selected and the button says how to copy it.
const copiedLabelMs = 3000;

function say(button, text) {
  const label = button.querySelector("[data-copy-label]");
  if (!label) return;
  label.textContent = text;
  clearTimeout(button.copyTimer);
  button.copyTimer = setTimeout(() => {
    label.textContent = "Copy";
  }, copiedLabelMs);
}

/** Selects the value where the page shows it, just before the button; false when it is not there. */
function selectValue(button) {
  const value = button.dataset.copy ?? "";
  const text = button.previousSibling;
  const at = text?.nodeType === Node.TEXT_NODE ? (text.textContent ?? "").lastIndexOf(value) : -1;
  if (!value || at === -1) return false;
  const range = document.createRange();
  range.setStart(text, at);
  range.setEnd(text, at + value.length);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return true;
}

document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element && event.target.closest("button[data-copy]");
  if (!button) return;
  const value = button.dataset.copy ?? "";
  try {
    if (!navigator.clipboard) throw new Error("no Clipboard API");
    await navigator.clipboard.writeText(value);
    say(button, "Copied");
  } catch {
    const shortcut = /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘C" : "Ctrl+C";
    say(button, selectValue(button) ? `Selected: press ${shortcut}` : `Copy ${value} by hand`);
  }
});
