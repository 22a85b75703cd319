import { useEffect, useRef, useState } from "react";

const copiedLabelMs = 3000;

type CopyState = "idle" | "copied" | "select";

/**
 * Selects the value where it is written beside the button (the paragraph's own text, not the
 * button's), so the visitor can copy it by hand.
 */
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

/**
 * Copies a value (an email address) to the clipboard and says so for three seconds. Where the
 * Clipboard API is missing or refused (a plain-HTTP address other than localhost), it selects
 * the value and says how to copy it instead.
 */
export function CopyButton({ value }: { value: string }) {
  const [state, setState] = useState<CopyState>("idle");
  const [hint, setHint] = useState("");
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), copiedLabelMs);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state !== "select") return;
    const copiedByHand = () => setState("copied");
    document.addEventListener("copy", copiedByHand);
    return () => document.removeEventListener("copy", copiedByHand);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      const selected = button.current !== null && selectValueBeside(button.current, value);
      setHint(selected ? copyHint() : "Select the address to copy it");
      setState("select");
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={copy}
        className="no-print ml-2 inline-flex items-center rounded border border-heritage-700 px-2.5 py-0.5 text-sm font-medium text-heritage-700 hover:bg-heritage-50"
      >
        <span aria-live="polite">{state === "copied" ? "Copied" : "Copy"}</span>
        <span className="sr-only"> {value}</span>
      </button>
      <span role="status" className="no-print ml-2 inline-block text-sm text-slate-700">
        {state === "select" ? hint : ""}
      </span>
    </>
  );
}
