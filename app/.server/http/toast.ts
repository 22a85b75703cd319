import { redirect } from "react-router";
import { cookieNames } from "~/http/http-policy.ts";
import { clearCookie, cookieValue, setCookie, signed, unsigned } from "./cookies.ts";

/** A one-time notice carried across a redirect, shown by the layout as a toast. */
const toastCookie = cookieNames.toast;

export function redirectWithToast(url: string, message: string, headers = new Headers()): Response {
  headers.append("Set-Cookie", setCookie(toastCookie, signed(toastCookie, message), 60));
  return redirect(url, { status: 303, headers });
}

/** The pending notice, if any, and the header that clears it once shown. */
export function takeToast(request: Request): { message: string | null; headers: Headers } {
  const headers = new Headers();
  const message = unsigned(toastCookie, cookieValue(request, toastCookie)) ?? null;
  if (message !== null) headers.append("Set-Cookie", clearCookie(toastCookie));
  return { message, headers };
}
