import { cookieNames } from "~/http/http-policy.ts";
import { cookieValue, setCookie, signed, unsigned } from "../http/cookies.ts";

/** People take longer than this to fill in an enquiry; robots post at once. */
export const minimumFillMs = 3_000;
/** A stamp older than this is no longer honoured (a form left open for days starts again). */
const stampLifetimeSeconds = 24 * 60 * 60;

const stampCookie = cookieNames.enquiryStarted;

/** When this visitor's browser began on an enquiry form, if it carries our stamp. */
export function startedAt(request: Request, now = Date.now()): number | undefined {
  const millis = unsigned(stampCookie, cookieValue(request, stampCookie));
  if (millis === undefined) return undefined;
  const started = Number(millis);
  return started <= now && now - started < stampLifetimeSeconds * 1000 ? started : undefined;
}

/**
 * The stamp cookie, set when the visitor has no valid one: the time their browser loaded the
 * form. Signed by the server, so a robot cannot claim to have started earlier.
 */
export function stampHeaders(request: Request, now = Date.now()): Headers {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (startedAt(request, now) !== undefined) return headers;
  const stamp = signed(stampCookie, String(now));
  headers.append("Set-Cookie", setCookie(stampCookie, stamp, stampLifetimeSeconds));
  return headers;
}

/** Whether the enquiry comes at least the minimum fill time after its form was loaded. */
export function filledInTime(request: Request, now = Date.now()): boolean {
  const started = startedAt(request, now);
  return started !== undefined && now - started >= minimumFillMs;
}
