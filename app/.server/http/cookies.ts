import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie-es";
import { type cookieNames, personalCookieNames } from "../../http/http-policy.ts";
import { config } from "../config.ts";
import { megabyte, remembered } from "./remembered.ts";

/**
 * The site's one cookie reader, and the one writer and signer of its own cookies. The Cookie
 * header is read by React Router's own parser (cookie-es: the first of a name wins, only spaces
 * and tabs are trimmed, as RFC 6265 says), so the page cache and the application never
 * disagree on whether a request carries a cookie. Each read picks out only the names it needs.
 */
export function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? parse(header, { filter: (key) => key === name })[name] : undefined;
}

const personal = new Set<string>(personalCookieNames);

/** Whether the request carries a session or a notice: what makes a page personal. */
export function hasPersonalCookie(header: string | null | undefined): boolean {
  if (!header) return false;
  // Asked on every request: the values are only found, not even decoded.
  const found = parse(header, { filter: (key) => personal.has(key), decode: String });
  return Object.keys(found).length > 0;
}

/** The cookies the site sets itself (better-auth sets and signs its own). */
type OwnCookie = (typeof cookieNames)["toast" | "formToken" | "enquiryStarted"];

/**
 * The Set-Cookie header that gives the browser `value`: sent back to every path of the site,
 * never shown to scripts, left off requests other sites start (SameSite=Lax), only over HTTPS
 * when the site is served over it; kept `maxAge` seconds, else until the browser closes.
 */
export function setCookie(name: OwnCookie, value: string, maxAge?: number): string {
  const secure = config().publicUrl.startsWith("https:");
  return serialize(name, value, { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge });
}

/** The Set-Cookie header that removes the cookie. */
export const clearCookie = (name: OwnCookie): string => setCookie(name, "", 0);

/** The signature binds the cookie's name too: one cookie's value is never taken for another's. */
const signature = (name: string, value: string) =>
  createHmac("sha256", config().authSecret).update(`${name}=${value}`).digest("base64url");

/** `value` signed with the site's secret for cookie `name`: `<value>.<signature>`. */
export function signed(name: OwnCookie, value: string): string {
  return `${value}.${signature(name, value)}`;
}

/** The value a cookie holds when it carries the site's signature for `name`, else undefined. */
export function unsigned(name: OwnCookie, held: string | undefined): string | undefined {
  return held === undefined ? undefined : checked(`${name}=${held}`);
}

// A reader sends the same cookie with every page: its signature is checked once.
const checked = remembered(megabyte, (cookie): string | undefined => {
  const equals = cookie.indexOf("=");
  const dot = cookie.lastIndexOf(".");
  if (dot < equals) return undefined;
  const value = cookie.slice(equals + 1, dot);
  const expected = Buffer.from(signature(cookie.slice(0, equals), value));
  const given = Buffer.from(cookie.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? value : undefined;
});
