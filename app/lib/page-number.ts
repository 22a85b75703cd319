import { data } from "react-router";

/** `?page=N`: a whole number from 1; anything else is no page at all (404). */
export function pageNumber(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,6}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

/** How many pages `total` rows make (at least one); asking past the last is 404. */
export function pageCount(total: number, perPage: number, page: number): number {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (page > pages) throw data(null, { status: 404 });
  return pages;
}
