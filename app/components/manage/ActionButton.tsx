import { useFetcher } from "react-router";
import { FormTokenInput } from "../FormTokenInput.tsx";
import { AppLink } from "../PageLink.tsx";

interface ActionButtonProps {
  /** The hidden fields naming what to do to what. */
  fields: Record<string, string>;
  label: string;
  /** Read out in full: "Hide “Title”". */
  accessibleLabel: string;
  tone?: "plain" | "warning";
}

const tones = {
  plain: "border-heritage-700 text-heritage-700 hover:bg-heritage-50",
  warning: "border-brick text-brick hover:bg-red-50",
};

/**
 * One owner action as a form of its own: without JavaScript a POST that renders the page
 * again with the result; with it, a fetcher that updates the table in place.
 */
export function ActionButton({ fields, label, accessibleLabel, tone = "plain" }: ActionButtonProps) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="inline-flex flex-col items-start">
      <FormTokenInput />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={busy}
        aria-label={accessibleLabel}
        className={`rounded-md border px-3 py-1 text-sm font-semibold disabled:opacity-60 ${tones[tone]}`}
      >
        {label}
      </button>
      {fetcher.data && !fetcher.data.ok && (
        <span role="alert" className="mt-1 text-sm text-brick">
          {fetcher.data.message}
        </span>
      )}
    </fetcher.Form>
  );
}

/** The result of an action sent without JavaScript, at the top of the page. */
export function ActionNotice({ outcome }: { outcome: { ok: boolean; message: string } | undefined }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? "status" : "alert"}
      className={`mt-4 rounded-md border px-4 py-3 ${
        outcome.ok
          ? "border-heritage-500 bg-heritage-50 text-heritage-900"
          : "border-brick bg-red-50 text-brick"
      }`}
    >
      {outcome.message}
    </p>
  );
}

/** Deleting asks first: a link to the confirmation page. */
export function DeleteLink({ href, accessibleLabel }: { href: string; accessibleLabel: string }) {
  return (
    <AppLink
      href={href}
      aria-label={accessibleLabel}
      className={`rounded-md border px-3 py-1 text-sm font-semibold ${tones.warning}`}
    >
      Delete
    </AppLink>
  );
}
