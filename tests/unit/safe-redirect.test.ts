import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/http/safe-redirect.ts";

describe("where a log-in may send the visitor", () => {
  it.each(["/", "/dashboard", "/edit-post/a-post?x=1#top", "/blog/caf%C3%A9"])(
    "keeps the site's own path %s",
    (to) => {
      expect(safeRedirect(to)).toBe(to);
    },
  );

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/\tdashboard",
    "/\n/evil.example",
    "/path\\..\\x",
  ])("falls back for %j", (to) => {
    expect(safeRedirect(to)).toBe("/");
    expect(safeRedirect(to, "/dashboard")).toBe("/dashboard");
  });

  it.each([
    ["/%C4%80", "/%C4%80"],
    ["/Ā", "/%C4%80"],
    ["/blog/café?q=é", "/blog/caf%C3%A9?q=%C3%A9"],
  ])("writes %j as %j, which a Location header can carry", (to, written) => {
    expect(safeRedirect(to)).toBe(written);
    expect(() => new Headers({ location: safeRedirect(to) })).not.toThrow();
  });

  it("falls back when nothing or a file was sent", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["/dashboard"], "to.txt"))).toBe("/");
  });

  it.each(["/dashboard", "/a/b?c=d"])("resolves %s to an address on the site itself", (to) => {
    const site = "https://woollahra.example";
    expect(new URL(safeRedirect(to), site).origin).toBe(site);
  });
});
