import { useEffect, useState } from "react";

const copiedLabelMs = 3000;

/** Copies a value (an email address) to the clipboard; says so for three seconds. */
export function CopyButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedLabelMs);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  }

  return (
    <button
      type="button"
      onClick={copy}
      className="no-print ml-2 inline-flex items-center rounded border border-heritage-700 px-2.5 py-0.5 text-sm font-medium text-heritage-700 hover:bg-heritage-50"
    >
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
      <span className="sr-only"> {value}</span>
    </button>
  );
}
