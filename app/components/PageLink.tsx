import type { ComponentProps } from "react";

/** Marks the links the app's pages follow without loading a new document (see `AppNavigation`). */
export const appLinkSelector = "a[data-app-link]";

/**
 * A link to a reading page: a plain `<a>`, so following it loads the page as a document
 * (made instant by the speculation rules where browsers allow, decision 025).
 */
export function PageLink(props: ComponentProps<"a"> & { href: string }) {
  return <a {...props} />;
}

/**
 * A link to one of the app's pages (log in, register, dashboard, the editor): on an app page
 * `AppNavigation` follows it without reloading, so the app navigates among its own pages on
 * the client. Anywhere else it is a plain link.
 */
export function AppLink(props: ComponentProps<"a"> & { href: string }) {
  return <a {...props} data-app-link="" />;
}
