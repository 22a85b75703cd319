import { createHmac } from "node:crypto";

/**
 * The enquiry form's start stamp a browser gets from the form's image, as if loaded `secondsAgo`:
 * signed as the site signs its own cookies (app/.server/http/cookies.ts).
 */
export function startedCookie(authSecret: string, secondsAgo = 60): string {
  const millis = String(Date.now() - secondsAgo * 1000);
  const signature = createHmac("sha256", authSecret).update(`wm_enquiry=${millis}`).digest("base64url");
  return `wm_enquiry=${millis}.${signature}`;
}
