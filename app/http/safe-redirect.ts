import { href } from "react-router";

const probe = "http://site.invalid";

/**
 * Where to send someone after logging in: only a path on this site, never another site
 * (no "//evil.example", no "/\\evil.example", no "https://…"), written as the URL parser
 * writes it so that anything outside ASCII is percent-encoded and fits a Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  if (/[\p{Cc}\\]/u.test(to)) return fallback;
  const url = URL.parse(to, probe);
  if (!url || url.origin !== probe) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A page of log in (the second step is two-step sign-in's), carrying where to go once it is done. */
export function logInPage(page: "/login" | "/login/two-step", redirectTo: string): string {
  return redirectTo === "/" ? href(page) : `${href(page)}?${new URLSearchParams({ redirectTo })}`;
}
