import { randomBytes } from "node:crypto";
import { data } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import { cookieNames } from "~/http/http-policy.ts";
import { cookieValue, setCookie, signed, unsigned } from "./cookies.ts";

/**
 * Anti-forgery tokens for the forms people use before they have a session (log in, register).
 * The token goes both in a cookie and in the form's hidden `csrf` field; a submission counts
 * only when the two agree and the token carries our signature. This backs up the origin check
 * every POST already passes (same-origin.ts) for browsers that send neither Origin nor
 * Sec-Fetch-Site, and it is what security scanners look for on such forms.
 */
const tokenCookie = cookieNames.formToken;

const isOurs = (token: string | undefined): token is string => unsigned(tokenCookie, token) !== undefined;

/** The token for the page's form: the visitor's own if it is valid, else a new one with its cookie. */
export function issueFormToken(request: Request): { token: string; headers: Headers } {
  const headers = new Headers();
  const current = cookieValue(request, tokenCookie);
  if (isOurs(current)) return { token: current, headers };
  const token = signed(tokenCookie, randomBytes(24).toString("base64url"));
  headers.append("Set-Cookie", setCookie(tokenCookie, token));
  return { token, headers };
}

/** Throws 403 unless the form carries the token its sender's cookie holds. */
export function requireFormToken(request: Request, form: FormData): void {
  const sent = form.get(formTokenField);
  const cookie = cookieValue(request, tokenCookie);
  if (typeof sent === "string" && isOurs(cookie) && sent === cookie) return;
  throw data("This form has expired or was sent from somewhere else. Reload the page and try again.", {
    status: 403,
  });
}
