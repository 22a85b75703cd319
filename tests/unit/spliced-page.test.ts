import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { splicePage } from "../../server/reading-pages/spliced-page.ts";

const page = Buffer.from(
  [
    "<!DOCTYPE html><html><body><nav><ul><li>Login</li></ul></nav>",
    "<main><h1>Moncur Street — the village’s street</h1>",
    "x".repeat(40_000),
    "</main><nav><ul><li>Login</li></ul></nav><div role=status></div></body></html>",
  ].join(""),
);
const account = {
  shared: ["<li>Register</li>", "<li>Login</li>"],
  own: "<li>reader@example.com — Log out</li>",
};
const notice = {
  shared: ["<div role=status></div>"],
  own: "<div role=status><p>Data saved successfully</p></div>",
};
const expected = page
  .toString()
  .replaceAll("<li>Login</li>", account.own)
  .replace("<div role=status></div>", notice.own);

describe("a shared page with a reader's parts put in", () => {
  it("puts each part in wherever the shared page has it, with the first of its forms the page holds", () => {
    expect(splicePage(page, [account, notice], undefined)?.toString()).toBe(expected);
  });

  // The gzip stream is built from pieces compressed alone: it must decode to the same page.
  it("sends the same page gzip-compressed, as a stream any gzip decoder reads", () => {
    const gzip = splicePage(page, [account, notice], "gzip") as Buffer;
    expect(gunzipSync(gzip).toString()).toBe(expected);
    expect(gzip.length).toBeLessThan(page.length / 10);
    // Asked again (pieces and the reader's parts already compressed), still the same.
    expect(gunzipSync(splicePage(page, [account, notice], "gzip") as Buffer).toString()).toBe(expected);
  });

  it("puts in parts at the very start and end of a page, and a part that is empty", () => {
    const edges = { shared: ["<!DOCTYPE html>", "</html>"], own: "" };
    const start = { shared: ["<!DOCTYPE html>"], own: "<!doctype html>" };
    const end = { shared: ["</html>"], own: "</html>\n" };
    for (const parts of [[start, end], [edges]]) {
      const plain = splicePage(page, parts, undefined) as Buffer;
      expect(gunzipSync(splicePage(page, parts, "gzip") as Buffer).equals(plain)).toBe(true);
    }
    expect(splicePage(page, [start, end], undefined)?.toString()).toBe(
      `<!doctype html>${page.toString().slice("<!DOCTYPE html>".length)}\n`,
    );
  });

  it("declines a page without a part where the layout puts it, or with parts that overlap", () => {
    expect(splicePage(page, [{ shared: ["<li>Manage</li>"], own: "" }], undefined)).toBeUndefined();
    const overlapping = [
      { shared: ["<li>Login</li>"], own: "a" },
      { shared: ["Login</li></ul>"], own: "b" },
    ];
    expect(splicePage(page, overlapping, "gzip")).toBeUndefined();
  });
});
