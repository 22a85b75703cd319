/** Shown whenever the server does not run in production mode. */
export function DevStrip() {
  return (
    <div className="no-print bg-slate-ink px-4 py-1 text-center text-sm font-medium text-white">
      Development mode
    </div>
  );
}
