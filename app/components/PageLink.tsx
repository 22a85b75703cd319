import type { ComponentProps } from "react";

/** Marks the links `PageNavigation` follows in the browser. */
export const pageLinkSelector = "a[data-page-link]";

/**
 * Whether an address in written content is one of the site's pages, which a `PageLink` can
 * open in place: a path on this site whose last part names no file (`/rss.xml` and the
 * illustrations are files the browser must load itself).
 */
export function isPagePath(href: string): boolean {
  if (!href.startsWith("/") || href.startsWith("//")) return false;
  const path = href.split(/[?#]/, 1)[0] ?? "";
  return !path.slice(path.lastIndexOf("/")).includes(".");
}

/**
 * A link to one of the site's pages: a plain `<a>`, which `PageNavigation` (one listener for the
 * whole document) follows without reloading the page and prefetches when the visitor shows
 * intent. React Router's `<Link>` does the same with a dozen hooks per link, and the thirty
 * links of a page were a fifth of the server's work for each page it renders.
 */
export function PageLink(props: ComponentProps<"a"> & { href: string }) {
  return <a {...props} data-page-link="" />;
}
