import { describe, expect, it } from "vitest";
import { slugBase, slugPattern, slugWithSuffix } from "~/posts/slug.ts";

describe("slugs", () => {
  it("lower-cases the title and turns whitespace runs into single hyphens", () => {
    expect(slugBase("How to Stay   Productive\tWorking\nFrom Home")).toBe(
      "how-to-stay-productive-working-from-home",
    );
  });

  it("removes characters that are unsafe in a URL path", () => {
    expect(slugBase(`What's "new" on 5/6? <Moncur> & #Queen % St.`)).toBe("whats-new-on-56-moncur-queen-st");
    expect(slugBase("../../etc/passwd")).toBe("etcpasswd");
  });

  it("keeps letters of any language and never starts or ends with a hyphen", () => {
    expect(slugBase("  Café Crème — Woollahra  ")).toBe("café-crème-woollahra");
    expect(slugBase("- dash -")).toBe("dash");
  });

  it("falls back to a word when nothing usable is left", () => {
    expect(slugBase("!!! ???")).toBe("post");
  });

  it("appends the suffix after a hyphen", () => {
    expect(slugWithSuffix("Hello World", 0)).toBe("hello-world-0");
    expect(slugWithSuffix("Hello World", 999)).toBe("hello-world-999");
  });

  it("recognises the slugs it makes and nothing that could escape a path", () => {
    expect(slugPattern.test(slugWithSuffix("Time management 101", 42))).toBe(true);
    expect(slugPattern.test("a/b")).toBe(false);
    expect(slugPattern.test("..")).toBe(false);
    expect(slugPattern.test("")).toBe(false);
  });
});
