import { PageLink } from "./PageLink.tsx";

/** Newer and older pages of a list (of posts unless `noun` says otherwise), when there is more than one. */
export function PostPages({
  page,
  pages,
  path,
  noun = "posts",
}: {
  page: number;
  pages: number;
  path: string;
  noun?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-12 flex items-center justify-between gap-4">
      {page > 1 ? (
        <PageLink
          href={page === 2 ? path : `${path}?page=${page - 1}`}
          rel="prev"
          className="rounded-md border border-heritage-700 px-4 py-2 font-semibold text-heritage-700 hover:bg-heritage-50"
        >
          ← Newer {noun}
        </PageLink>
      ) : (
        <span />
      )}
      <span className="text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <PageLink
          href={`${path}?page=${page + 1}`}
          rel="next"
          className="rounded-md border border-heritage-700 px-4 py-2 font-semibold text-heritage-700 hover:bg-heritage-50"
        >
          Older {noun} →
        </PageLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
