import { describe, expect, it } from "vitest";
import { isCrossSite } from "~/.server/http/same-origin.ts";

const publicUrl = "https://woollahra.example";
const host = "127.0.0.1:3000";

describe("the same-origin guard", () => {
  it.each(["GET", "HEAD", "OPTIONS"])("never refuses a %s, whoever sends it", (method) => {
    expect(
      isCrossSite(
        method,
        { host, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        publicUrl,
      ),
    ).toBe(false);
  });

  it.each([
    ["same-origin", false],
    ["none", false],
    ["same-site", true],
    ["cross-site", true],
  ])("trusts Sec-Fetch-Site: %s refused is %s", (site, refused) => {
    expect(isCrossSite("POST", { host, "sec-fetch-site": site }, publicUrl)).toBe(refused);
  });

  it("lets Sec-Fetch-Site decide over a matching Origin", () => {
    expect(
      isCrossSite("POST", { host, origin: `http://${host}`, "sec-fetch-site": "cross-site" }, publicUrl),
    ).toBe(true);
  });

  it("accepts an Origin naming the request's host or the public address", () => {
    expect(isCrossSite("POST", { host, origin: `http://${host}` }, publicUrl)).toBe(false);
    expect(isCrossSite("POST", { host, origin: publicUrl }, publicUrl)).toBe(false);
  });

  it.each([
    "https://evil.example",
    "https://woollahra.example.evil.example",
    "null",
    "not a url",
    "http://127.0.0.1:3001",
  ])("refuses a POST from Origin %s", (origin) => {
    expect(isCrossSite("POST", { host, origin }, publicUrl)).toBe(true);
  });

  it("lets a client that sends neither header through (it has no cookies to abuse)", () => {
    expect(isCrossSite("POST", { host }, publicUrl)).toBe(false);
  });
});
