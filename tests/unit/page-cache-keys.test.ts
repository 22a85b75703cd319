import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { cachedPage } from "~/http/http-policy.ts";
import { pageCacheKeys } from "../../server/reading-pages/cache-keys.ts";

/** The shape of the build's route manifest, with the handles the site's routes declare. */
function manifest(): ServerBuild["routes"] {
  const route = (id: string, path: string | undefined, handle?: unknown, index?: boolean) => ({
    id,
    parentId: id === "root" ? undefined : "root",
    path,
    index,
    caseSensitive: undefined,
    module: { default: () => null, handle },
  });
  return {
    root: route("root", ""),
    index: route("index", undefined, cachedPage(), true),
    about: route("about", "about", cachedPage()),
    home: route("home", "home", cachedPage("page")),
    post: route("post", "blog/:slug", cachedPage()),
    dashboard: route("dashboard", "dashboard"),
    notFound: route("notFound", "*"),
  } as unknown as ServerBuild["routes"];
}

describe("page cache keys", () => {
  const keyFor = pageCacheKeys(manifest());

  it("keys a cacheable page by its path and only the query parameters it reads", () => {
    expect(keyFor("/")).toBe("/");
    expect(keyFor("/about")).toBe("/about");
    expect(keyFor("/home")).toBe("/home");
    expect(keyFor("/home?x")).toBe("/home");
    expect(keyFor("/home?utm_source=mail&page=2&x=<script>")).toBe("/home?page=2");
    expect(keyFor("/home?page=%32")).toBe("/home?page=2");
    expect(keyFor("/home?page=2&page=3")).toBe("/home?page=2");
    expect(keyFor("/blog/a-walk-12?ref=feed")).toBe("/blog/a-walk-12");
  });

  it("gives no key to routes that are not declared cacheable", () => {
    expect(keyFor("/dashboard")).toBeUndefined();
    expect(keyFor("/no-such-page")).toBeUndefined();
    expect(keyFor("/home.data")).toBeUndefined();
  });

  // Routes match without regard to case or escapes; only the canonical spelling is cached.
  it.each([
    "/Home",
    "/HOME?x",
    "/%68ome",
    "/home/",
    "/ABOUT",
    "/Blog/a-walk-12",
    "/blog/a%2Dwalk-12",
    "//home",
  ])("gives no key to %s, which is rendered every time", (url) => {
    expect(keyFor(url)).toBeUndefined();
  });

  it("survives addresses that cannot be decoded", () => {
    expect(keyFor("/blog/%E0%A4%A")).toBeUndefined();
    expect(keyFor("/home?page=%")).toBe("/home?page=%25");
  });

  // Each path's answer is remembered, so a second ask, or one after many other paths, or a
  // path too long to remember, must answer as the first did.
  it("answers the same for a path asked again, after thousands of others, or too long to remember", () => {
    const long = `/blog/${"a".repeat(300)}`;
    const first = ["/about", "/Home", "/blog/x", long].map(keyFor);
    for (let i = 0; i < 12_000; i++) keyFor(`/blog/made-up-${i}`);
    expect(["/about", "/Home", "/blog/x", long].map(keyFor)).toEqual(first);
    expect(first).toEqual(["/about", undefined, "/blog/x", long]);
  });
});
