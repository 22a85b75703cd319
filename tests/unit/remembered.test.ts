import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { megabyte, remembered } from "~/.server/http/remembered.ts";

describe("a memo bounded by bytes", () => {
  it("answers from memory for an input asked again, and computes each new one once", () => {
    const asked: string[] = [];
    const upper = remembered(megabyte, (input) => {
      asked.push(input);
      return input.toUpperCase();
    });
    expect([upper("moncur"), upper("moncur"), upper("queen")]).toEqual(["MONCUR", "MONCUR", "QUEEN"]);
    expect(asked).toEqual(["moncur", "queen"]);
  });

  it("remembers long inputs (a 16 KB cookie) by their hash, and answers null as readily as anything", () => {
    let computed = 0;
    const check = remembered(megabyte, () => {
      computed++;
      return null;
    });
    const cookie = "x".repeat(16 * 1024);
    expect([check(cookie), check(cookie)]).toEqual([null, null]);
    expect(computed).toBe(1);
    expect(check(`${cookie}y`)).toBeNull();
    expect(computed).toBe(2);
  });

  it("remembers an empty input and an empty answer", () => {
    const same = remembered(megabyte, (input) => input);
    expect([same(""), same("")]).toEqual(["", ""]);
    const bytes = remembered(megabyte, () => new Uint8Array(0));
    expect(bytes("x").byteLength).toBe(0);
  });

  it("holds no more bytes than it is given: 10 000 different 16 KB cookies are forgotten, not kept", () => {
    let computed = 0;
    const check = remembered(64 * 1024, (input) => {
      computed++;
      return input.length;
    });
    const first = `a${"x".repeat(16 * 1024)}`;
    check(first);
    for (let i = 0; i < 10_000; i++) check(`${i}${"x".repeat(16 * 1024)}`);
    check(first);
    expect(computed).toBe(10_002);
  });

  it("weighs bytes by the memory they are in: a small view into zlib's 64 KB block weighs the block", () => {
    let computed = 0;
    const compressed = remembered(256 * 1024, (input) => {
      computed++;
      return gzipSync(input);
    });
    for (let i = 0; i < 10; i++) compressed(`part ${i}`);
    compressed("part 0");
    expect(computed).toBe(11);
  });
});
