import { useId } from "react";
import { useHydrated } from "~/components/use-hydrated.ts";
import { normalTag, splitTags, tagLimits } from "~/posts/tags.ts";

interface TagFieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  errorId: string;
  errors: string[] | undefined;
  /** Tags already used on the site, the most used first. */
  knownTags: string[];
  className: string;
}

const shownSuggestions = 8;

/**
 * Tags as comma-separated text (all a form without JavaScript needs); with JavaScript, the
 * site's existing tags that match what is being typed are offered as buttons that complete it.
 */
export function TagField({
  id,
  name,
  value,
  onChange,
  onBlur,
  errorId,
  errors,
  knownTags,
  className,
}: TagFieldProps) {
  const hydrated = useHydrated();
  const hintId = useId();
  const chosen = splitTags(value);
  const typing = normalTag(value.slice(value.lastIndexOf(",") + 1));
  const suggestions = knownTags
    .filter((tag) => !chosen.includes(tag) || tag === typing)
    .filter((tag) => tag !== typing && tag.startsWith(typing))
    .slice(0, shownSuggestions);
  const choose = (tag: string) => {
    const before = value.slice(0, value.lastIndexOf(",") + 1);
    onChange(`${splitTags(before).concat(tag).join(", ")}, `);
  };
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-heritage-900">
        Tags
      </label>
      <p id={hintId} className="text-sm text-slate-700">
        Up to {tagLimits.perPost}, separated by commas: letters, digits, spaces and hyphens.
      </p>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete="off"
        aria-invalid={errors ? true : undefined}
        aria-describedby={`${hintId} ${errorId}`}
        className={className}
      />
      {hydrated && suggestions.length > 0 && chosen.length < tagLimits.perPost && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">Used before:</span>
          {suggestions.map((tag) => (
            <button
              key={tag}
              type="button"
              onClick={() => choose(tag)}
              className="rounded-full border border-heritage-700 px-3 py-0.5 text-sm text-heritage-700 hover:bg-heritage-50"
            >
              <span className="sr-only">Add tag </span>
              {tag}
            </button>
          ))}
        </div>
      )}
      <p id={errorId} className="mt-1 min-h-5 text-sm text-brick">
        {errors?.[0]}
      </p>
    </div>
  );
}
