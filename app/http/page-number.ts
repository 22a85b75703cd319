import { data } from "react-router";

/** `?page=N`: a whole number from 1; anything else is no page at all (404). */
export function pageNumber(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,6}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

/** A listing's page count, with a 404 for a page past the last one. */
export function pageCount(page: number, total: number, perPage: number): number {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (page > pages) throw data(null, { status: 404 });
  return pages;
}

/** The address of page `page` of a listing at `path` (page 1 has no parameter). */
export function pageHref(path: string, page: number, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (page > 1) params.set("page", String(page));
  return params.size > 0 ? `${path}?${params}` : path;
}
