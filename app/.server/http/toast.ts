import { createCookie, redirect } from "react-router";
import { cookieNames } from "~/http/http-policy.ts";
import { config } from "../config.ts";

const toastCookieName = cookieNames.toast;

/** A one-time notice carried across a redirect, shown by the layout as a toast. */
function toastCookie() {
  const { authSecret, publicUrl } = config();
  return createCookie(toastCookieName, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: publicUrl.startsWith("https:"),
    secrets: [authSecret],
  });
}

export async function redirectWithToast(
  url: string,
  message: string,
  headers = new Headers(),
): Promise<Response> {
  headers.append("Set-Cookie", await toastCookie().serialize(message));
  return redirect(url, { status: 303, headers });
}

/** The pending notice, if any, and the header that clears it once shown. */
export async function takeToast(request: Request): Promise<{ message: string | null; headers: Headers }> {
  const headers = new Headers();
  const cookies = request.headers.get("cookie");
  // Nearly every request has no notice: skip building the cookie and checking its signature.
  if (!cookies?.includes(`${toastCookieName}=`)) return { message: null, headers };
  const cookie = toastCookie();
  const value: unknown = await cookie.parse(cookies);
  if (typeof value !== "string") return { message: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { message: value, headers };
}
