import { useId } from "react";
import { searchLimits } from "~/lib/search-limits.ts";

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
      <form method="get" action="/search" className="flex items-end gap-2">
        <div className={compact ? "w-36" : "flex-1"}>
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
          className={`rounded-md border border-heritage-700 font-semibold text-heritage-700 hover:bg-heritage-50 ${
            compact ? "px-2.5 py-1.5 text-sm" : "px-4 py-2"
          }`}
        >
          Search
        </button>
      </form>
    </search>
  );
}
