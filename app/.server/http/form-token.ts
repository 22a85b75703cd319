import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { data } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import { cookieNames } from "~/http/http-policy.ts";
import { config } from "../config.ts";
import { cookieValue } from "./cookies.ts";
import { megabyte, remembered } from "./remembered.ts";

/**
 * Anti-forgery tokens for the forms people use before they have a session (log in, register).
 * The token goes both in a cookie and in the form's hidden `csrf` field; a submission counts
 * only when the two agree and the token carries our signature. This backs up the origin check
 * every POST already passes (same-origin.ts) for browsers that send neither Origin nor
 * Sec-Fetch-Site, and it is what security scanners look for on such forms.
 */
function signature(value: string): string {
  return createHmac("sha256", config().authSecret).update(`form-token:${value}`).digest("base64url");
}

function isOurs(token: string | undefined): token is string {
  return token !== undefined && checkedToken(`${config().authSecret}\n${token}`);
}

// A reader sends the same token with every page: its signature is checked once.
const checkedToken = remembered(megabyte, (secretAndToken) => {
  const [, token] = secretAndToken.split("\n");
  const [value, signed, extra] = token?.split(".") ?? [];
  if (!value || !signed || extra !== undefined) return false;
  const expected = Buffer.from(signature(value));
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given);
});

/** The token for the page's form: the visitor's own if it is valid, else a new one with its cookie. */
export function issueFormToken(request: Request): { token: string; headers: Headers } {
  const headers = new Headers();
  const current = cookieValue(request, cookieNames.formToken);
  if (isOurs(current)) return { token: current, headers };
  const value = randomBytes(24).toString("base64url");
  const token = `${value}.${signature(value)}`;
  const secure = config().publicUrl.startsWith("https:") ? "; Secure" : "";
  headers.append("Set-Cookie", `${cookieNames.formToken}=${token}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  return { token, headers };
}

/** Throws 403 unless the form carries the token its sender's cookie holds. */
export function requireFormToken(request: Request, form: FormData): void {
  const sent = form.get(formTokenField);
  const cookie = cookieValue(request, cookieNames.formToken);
  if (typeof sent === "string" && isOurs(cookie) && sent === cookie) return;
  throw data("This form has expired or was sent from somewhere else. Reload the page and try again.", {
    status: 403,
  });
}
