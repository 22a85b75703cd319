import { describe, expect, it } from "vitest";
import { retryWaitMs, uploadErrorMessage } from "~/uploads/upload-rules.ts";

describe("when the uploader retries", () => {
  it.each([
    [undefined, "a network failure"],
    [0, "an aborted request"],
    [408, "a timeout"],
    [429, "a limit"],
    [500, "a server error"],
    [503, "a busy server"],
  ])("retries after %s (%s)", (status, _failure) => {
    expect(retryWaitMs(status, null)).toBe(0);
  });

  it.each([400, 401, 403, 404, 409, 413, 422])("gives up after %s", (status) => {
    expect(retryWaitMs(status, "3")).toBeNull();
  });

  it("waits at least as long as Retry-After asks, in seconds or as a date", () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryWaitMs(503, "3", now)).toBe(3000);
    expect(retryWaitMs(429, "Thu, 01 Jan 2026 12:02:00 GMT", now)).toBe(120_000);
    expect(retryWaitMs(503, "Thu, 01 Jan 2026 11:00:00 GMT", now)).toBe(0);
    expect(retryWaitMs(503, "soon", now)).toBe(0);
  });

  it("does not wait out a Retry-After longer than its ten minutes of retries", () => {
    expect(retryWaitMs(429, String(10 * 60), 0)).toBe(600_000);
    expect(retryWaitMs(429, String(10 * 60 + 1), 0)).toBeNull();
  });

  it("shows the site's own words for a refused image and for a user's limits", () => {
    expect(uploadErrorMessage(429, "Too many uploads: 20 an hour at most.")).toBe(
      "Too many uploads: 20 an hour at most.",
    );
    expect(uploadErrorMessage(503, "<html>proxy</html>")).toBe(
      "The upload failed. Check your connection and try again.",
    );
  });
});
