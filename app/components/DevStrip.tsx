import { hasPlaceholderContacts } from "~/site/site.ts";

/** Shown whenever the server does not run in production mode. */
export function DevStrip() {
  return (
    <div className="no-print bg-slate-ink px-4 py-1 text-center text-sm font-medium text-white">
      Development mode
      {hasPlaceholderContacts() && (
        <span className="block font-normal sm:inline">
          <span className="hidden sm:inline"> · </span>
          The contact details are placeholders (.example addresses, 02 5550 numbers): set the real ones in
          app/site/site.ts before going live.
        </span>
      )}
    </div>
  );
}
