import { describe, expect, it } from "vitest";
import { base32Bytes, totp } from "../support/totp.ts";

/** The tests' own TOTP, against the RFC's published values, before it judges the site. */
describe("the tests' RFC 6238 codes", () => {
  const rfcKey = Buffer.from("12345678901234567890");

  it("match RFC 6238's test vectors (SHA-1, 8 digits)", () => {
    const vectors: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(totp(rfcKey, seconds * 1000, { digits: 8 })).toBe(code);
  });

  it("read base32 as RFC 4648 writes it", () => {
    expect(base32Bytes("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")).toEqual(rfcKey);
    expect(base32Bytes("mzxw6ytb oi======").toString()).toBe("foobar");
  });
});
