import type { OtherVersion, PendingWork } from "~/posts/versions.ts";
import { sydneyWallTime } from "~/site/sydney-time.ts";
import type { AutosaveStatus } from "./use-autosave.ts";

/** A moment as the editor says it, in Sydney time: 14:05 today, 26-11-2026 14:05 another day. */
export function sydneyClock(at: number, now = Date.now()): string {
  const [date = "", time = ""] = sydneyWallTime(new Date(at)).split("T");
  if (date === sydneyWallTime(new Date(now)).split("T")[0]) return time;
  const [year, month, day] = date.split("-");
  return `${day}-${month}-${year} ${time}`;
}

const buttonClass =
  "rounded-md bg-heritage-700 px-5 py-2 font-semibold text-white hover:bg-heritage-900 disabled:opacity-50";
const secondButtonClass =
  "rounded-md border border-heritage-700 px-5 py-2 font-semibold text-heritage-700 hover:bg-heritage-50";

/**
 * What the editor's own saving is doing, in a polite live region. Work on a post that is not
 * a draft is kept aside: readers see it once the writer publishes.
 */
export function AutosaveStatusLine({ status, keptAside }: { status: AutosaveStatus; keptAside: boolean }) {
  let text = "";
  if (status.kind === "saving") text = "Saving…";
  if (status.kind === "saved")
    text = keptAside
      ? `Saved at ${sydneyClock(status.at)}, not on the site yet: Publish shows it to readers.`
      : `Saved at ${sydneyClock(status.at)}`;
  if (status.kind === "failed") text = status.message;
  return (
    <p
      role="status"
      aria-live="polite"
      className={`min-h-6 text-sm ${status.kind === "failed" ? "font-semibold text-brick" : "text-slate-700"}`}
    >
      {text}
    </p>
  );
}

/** A published post's work kept on its own last time, offered when its editor opens. */
export function PendingOffer({
  pending,
  onRestore,
  onDiscard,
}: {
  pending: PendingWork;
  onRestore(): void;
  onDiscard(): void;
}) {
  const when = sydneyClock(pending.savedAt);
  return (
    <section
      aria-labelledby="pending-heading"
      className="rounded-md border border-heritage-700 bg-heritage-50 p-4"
    >
      <h2 id="pending-heading" className="font-semibold text-heritage-900">
        {pending.savedBy
          ? `${pending.savedBy} has unsaved changes from ${when}`
          : `You have unsaved changes from ${when}`}
      </h2>
      <p className="mt-1 text-slate-700">
        They were kept while writing and are not on the site. Restore them to go on with them, or discard
        them. Saving on its own waits until you choose.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" onClick={onRestore} className={buttonClass}>
          Restore
        </button>
        <button type="button" onClick={onDiscard} className={secondButtonClass}>
          Discard
        </button>
      </div>
    </section>
  );
}

/**
 * Another save came first: what it stored, beside the writer's own text in the form, and the
 * choice of which to go on with. Without JavaScript (a manual save refused) sending the form
 * again keeps the writer's version, since the page now starts from the stored one.
 */
export function ConflictPanel({
  other,
  interactive,
  onKeepMine,
  onUseTheirs,
}: {
  other: OtherVersion;
  interactive: boolean;
  onKeepMine(): void;
  onUseTheirs(): void;
}) {
  return (
    <section aria-labelledby="conflict-heading" className="rounded-md border-2 border-brick bg-red-50 p-4">
      <h2 id="conflict-heading" className="text-lg font-semibold text-brick">
        This post changed elsewhere
      </h2>
      <p className="mt-1">
        {other.savedBy ? `${other.savedBy} saved` : "Another tab or person saved"} a version at{" "}
        {sydneyClock(other.savedAt)}. Yours is still in the form above; theirs is below.{" "}
        {interactive
          ? "Nothing more is saved until you choose which to go on with."
          : "Send the form again to keep yours."}
      </p>
      <h3 className="mt-4 font-semibold text-heritage-900">Their version</h3>
      <p className="mt-1 font-medium break-words">{other.title}</p>
      <section
        aria-label="Their content"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="mt-2 max-h-72 overflow-auto rounded border border-sandstone-300 bg-white p-3"
      >
        <pre className="font-mono text-sm break-words whitespace-pre-wrap">{other.content}</pre>
      </section>
      {interactive && (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" onClick={onKeepMine} className={buttonClass}>
            Keep my version
          </button>
          <button type="button" onClick={onUseTheirs} className={secondButtonClass}>
            Use their version
          </button>
        </div>
      )}
    </section>
  );
}
