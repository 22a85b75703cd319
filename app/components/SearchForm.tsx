import { useId } from "react";
import { href } from "react-router";
import { searchLimits } from "~/posts/search-limits.ts";

interface SearchFormProps {
  /** What the field holds (the search results page shows the query searched). */
  query?: string;
  /** The navbar's: a narrow field whose label only screen readers read. */
  compact?: boolean;
}

/** A GET form to `/search`: works the same with JavaScript off. */
export function SearchForm({ query, compact = false }: SearchFormProps) {
  const id = useId();
  return (
    <search>
      <form method="get" action={href("/search")} className="flex items-end gap-2">
        <div className={compact ? "w-32" : "flex-1"}>
          <label htmlFor={id} className={compact ? "sr-only" : "block font-medium text-heritage-900"}>
            Search posts
          </label>
          <input
            id={id}
            type="search"
            name="q"
            defaultValue={query}
            maxLength={searchLimits.characters}
            placeholder={compact ? "Search posts" : undefined}
            className={`block w-full rounded-md border border-slate-400 bg-white px-3 text-base focus:border-heritage-700 ${
              compact ? "py-1.5 text-sm" : "mt-1 py-2"
            }`}
          />
        </div>
        <button
          type="submit"
          aria-label={compact ? "Search" : undefined}
          className={`rounded-md border border-heritage-700 font-semibold text-heritage-700 hover:bg-heritage-50 ${
            compact ? "px-2 py-1.5" : "px-4 py-2"
          }`}
        >
          {compact ? <SearchIcon /> : "Search"}
        </button>
      </form>
    </search>
  );
}

/** A magnifying glass, for where there is no room for the word. */
export function SearchIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4.5 4.5" strokeLinecap="round" />
    </svg>
  );
}
