import { useBuilding } from "./BuildingContext.tsx";

/** Shown whenever the server does not run in production mode. */
export function DevStrip() {
  const { placeholderContacts } = useBuilding();
  return (
    <div className="no-print bg-slate-ink px-4 py-1 text-center text-sm font-medium text-white">
      Development mode
      {placeholderContacts && (
        <span className="block font-normal sm:inline">
          <span className="hidden sm:inline"> · </span>
          Some contact details are still examples (.example addresses, 02 5550 numbers), so pages leave them
          out: set the real ones at /manage/building before going live.
        </span>
      )}
    </div>
  );
}
