import { personalCookieNames } from "../../http/http-policy.ts";

/**
 * The raw value of cookie `name` in a Cookie header, as the browser sent it. The one cookie
 * reader of the site: the page cache and the application must never disagree on whether a
 * request carries a cookie.
 */
export function cookieFromHeader(header: string | null | undefined, name: string): string | undefined {
  const pair = header
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}

export function cookieValue(request: Request, name: string): string | undefined {
  return cookieFromHeader(request.headers.get("cookie"), name);
}

/** Whether the request carries a session or a notice: what makes a page personal. */
export function hasPersonalCookie(header: string | null | undefined): boolean {
  return personalCookieNames.some((name) => cookieFromHeader(header, name) !== undefined);
}
