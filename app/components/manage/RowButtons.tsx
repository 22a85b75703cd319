import type { FormMetadata } from "@conform-to/react";

export const smallButton =
  "rounded-md border border-heritage-700 px-3 py-1 text-sm font-semibold text-heritage-700 hover:bg-heritage-50 disabled:opacity-40";

/**
 * Move up, move down and remove, for one row of a form's list: conform's buttons, applied in
 * the browser, or without JavaScript sent to the server, which returns the form changed.
 */
export function RowButtons<Schema extends Record<string, unknown>>({
  form,
  name,
  index,
  count,
  what,
}: {
  form: FormMetadata<Schema, string[]>;
  name: string;
  index: number;
  count: number;
  what: string;
}) {
  return (
    <div className="mt-1 flex flex-wrap gap-2">
      <button
        {...form.reorder.getButtonProps({ name, from: index, to: index - 1 })}
        disabled={index === 0}
        className={smallButton}
      >
        Move up
        <span className="sr-only"> {what}</span>
      </button>
      <button
        {...form.reorder.getButtonProps({ name, from: index, to: index + 1 })}
        disabled={index === count - 1}
        className={smallButton}
      >
        Move down
        <span className="sr-only"> {what}</span>
      </button>
      <button
        {...form.remove.getButtonProps({ name, index })}
        className={`${smallButton} border-brick text-brick`}
      >
        Remove<span className="sr-only"> {what}</span>
      </button>
    </div>
  );
}
