import { describe, expect, it } from "vitest";
import { isCrossSite } from "~/.server/http/same-origin.ts";

const requestOrigin = "http://127.0.0.1:3000";

describe("the same-origin guard", () => {
  it.each(["GET", "HEAD", "OPTIONS"])("never refuses a %s, whoever sends it", (method) => {
    expect(
      isCrossSite(method, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, requestOrigin),
    ).toBe(false);
  });

  it.each([
    ["same-origin", false],
    ["none", false],
    ["same-site", true],
    ["cross-site", true],
  ])("trusts Sec-Fetch-Site: %s refused is %s", (site, refused) => {
    expect(isCrossSite("POST", { "sec-fetch-site": site }, requestOrigin)).toBe(refused);
  });

  it("lets Sec-Fetch-Site decide over a matching Origin", () => {
    expect(
      isCrossSite("POST", { origin: requestOrigin, "sec-fetch-site": "cross-site" }, requestOrigin),
    ).toBe(true);
  });

  it("accepts an Origin naming the address the application sees the request at", () => {
    expect(isCrossSite("POST", { origin: requestOrigin }, requestOrigin)).toBe(false);
    expect(
      isCrossSite("POST", { origin: requestOrigin, "sec-fetch-site": "same-origin" }, requestOrigin),
    ).toBe(false);
  });

  it.each(["https://evil.example", "https://127.0.0.1:3000", "null", "not a url", "http://127.0.0.1:3001"])(
    "refuses a POST from Origin %s",
    (origin) => {
      expect(isCrossSite("POST", { origin }, requestOrigin)).toBe(true);
    },
  );

  it("refuses an Origin that differs from the request's own address even when Sec-Fetch-Site says same-origin (a forged Host)", () => {
    expect(
      isCrossSite(
        "POST",
        { origin: "https://woollahra.example", "sec-fetch-site": "same-origin" },
        requestOrigin,
      ),
    ).toBe(true);
  });

  it("lets a client that sends neither header through (it has no cookies to abuse)", () => {
    expect(isCrossSite("POST", {}, requestOrigin)).toBe(false);
  });
});
