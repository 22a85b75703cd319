/** What the cover upload accepts; the server checks the content itself whatever the browser says. */
export const maxUploadBytes = 20 * 1024 * 1024;
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"];

/** Retries for up to about ten minutes: quickly at first, then once a minute. */
export const uploadRetryDelays = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, ...Array(9).fill(60_000)];

/** Which failures are worth retrying: the network, timeouts, rate limits and server errors. */
export function isTransient(status: number | undefined): boolean {
  return status === undefined || status === 0 || status === 408 || status === 429 || status >= 500;
}

export function uploadErrorMessage(status: number | undefined, body: string | undefined): string {
  if (status === 401) return "You are signed out. Log in again, then choose the image again.";
  if (status === 413) return "This file is too large: images can be at most 20 MB.";
  if (status === 422 && body) return body;
  return "The upload failed. Check your connection and try again.";
}
