import { pageHref } from "~/http/page-number.ts";
import { PageLink } from "./PageLink.tsx";

const linkClass =
  "rounded-md border border-heritage-700 px-4 py-2 font-semibold text-heritage-700 hover:bg-heritage-50";

interface PagerProps {
  page: number;
  pages: number;
  /** The listing's address without its page. */
  path: string;
  query?: Record<string, string>;
  newer?: string;
  older?: string;
}

/** Newer/older links between the pages of a listing. */
export function Pager({
  page,
  pages,
  path,
  query,
  newer = "← Newer posts",
  older = "Older posts →",
}: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-12 flex items-center justify-between gap-4">
      {page > 1 ? (
        <PageLink href={pageHref(path, page - 1, query)} rel="prev" className={linkClass}>
          {newer}
        </PageLink>
      ) : (
        <span />
      )}
      <span className="text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <PageLink href={pageHref(path, page + 1, query)} rel="next" className={linkClass}>
          {older}
        </PageLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
