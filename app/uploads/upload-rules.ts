/** What the cover upload accepts; the server checks the content itself whatever the browser says. */
export const maxUploadBytes = 20 * 1024 * 1024;
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"];

/** Retries for up to about ten minutes: quickly at first, then once a minute. */
export const uploadRetryDelays = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, ...Array(9).fill(60_000)];

/** A server asking for a longer wait than the retries last (a limit per hour) is not waited out. */
const longestWaitMs = 10 * 60 * 1000;

/** Which failures are worth retrying: the network, timeouts, rate limits and server errors. */
function isTransient(status: number | undefined): boolean {
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The wait a Retry-After header asks for (seconds, or an HTTP date), in milliseconds; 0 without one. */
function retryAfterMs(header: string | null | undefined, now: number): number {
  if (!header) return 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isNaN(ms) ? 0 : Math.max(0, ms);
}

/**
 * How long to wait at least before retrying a failed request (the server's Retry-After), or
 * null when it is not worth retrying: a lasting refusal, or a wait longer than the retries last.
 */
export function retryWaitMs(
  status: number | undefined,
  retryAfter: string | null | undefined,
  now = Date.now(),
): number | null {
  if (!isTransient(status)) return null;
  const wait = retryAfterMs(retryAfter, now);
  return wait > longestWaitMs ? null : wait;
}

export function uploadErrorMessage(status: number | undefined, body: string | undefined): string {
  if (status === 401) return "You are signed out. Log in again, then choose the image again.";
  if (status === 413) return "This file is too large: images can be at most 20 MB.";
  // The site's own refusals (a refused image, a user's upload limits) say what to do.
  if ((status === 422 || status === 429) && body) return body;
  return "The upload failed. Check your connection and try again.";
}
