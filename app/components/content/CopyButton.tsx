import { readingScripts } from "~/http/page-kinds.ts";
import { ReadingScript } from "../ReadingScript.tsx";

/**
 * Copies a value (an email address) to the clipboard and says so for three seconds; where the
 * Clipboard API is missing or refused it selects the address and says how to copy it. The
 * behaviour is the copy script's (`button[data-copy]`, `[data-copy-label]`,
 * `[data-copy-hint]`), loaded only by pages that show a Copy button.
 */
export function CopyButton({ value }: { value: string }) {
  return (
    <>
      <button
        type="button"
        data-copy={value}
        className="no-print ml-2 inline-flex items-center rounded border border-heritage-700 px-2.5 py-0.5 text-sm font-medium text-heritage-700 hover:bg-heritage-50"
      >
        <span aria-live="polite" data-copy-label="">
          Copy
        </span>
        <span className="sr-only"> {value}</span>
      </button>
      <span role="status" data-copy-hint="" className="no-print ml-2 inline-block text-sm text-slate-700" />
      <ReadingScript src={readingScripts.copy} />
    </>
  );
}
