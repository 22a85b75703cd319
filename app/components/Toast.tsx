import { useEffect, useState } from "react";
import { onToast } from "~/components/toast-events.ts";

const visibleMs = 6000;

/**
 * The site's one notice area: an always-present live region, so screen readers announce
 * each message; the message also shows as a toast that fades after a few seconds (by CSS, so
 * on reading pages too, where no React runs: their menus script makes × work).
 */
export function Toast({ message }: { message: string | null }) {
  const [shown, setShown] = useState(message);

  useEffect(() => onToast(setShown), []);

  useEffect(() => {
    setShown(message);
  }, [message]);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), visibleMs);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {shown && (
        <p
          data-notice=""
          className="notice-fades pointer-events-auto flex items-center gap-3 rounded-lg bg-heritage-900 px-5 py-3 font-medium text-white shadow-xl"
        >
          <span aria-hidden="true">✓</span>
          {shown}
          <button
            type="button"
            data-dismiss-notice=""
            onClick={() => setShown(null)}
            className="ml-2 rounded px-1 text-sandstone-300 hover:text-white"
            aria-label="Dismiss notice"
          >
            ×
          </button>
        </p>
      )}
    </div>
  );
}
