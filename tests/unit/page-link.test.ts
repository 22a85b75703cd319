import { describe, expect, it } from "vitest";
import { isPagePath } from "~/components/PageLink.tsx";

describe("isPagePath", () => {
  it("takes the site's pages, with a query or a fragment", () => {
    for (const href of ["/", "/woollahra", "/home?page=2", "/woollahra#history", "/blog/a-post"]) {
      expect(isPagePath(href), href).toBe(true);
    }
  });

  it("leaves files, other sites, other schemes and fragments to the browser", () => {
    for (const href of [
      "/rss.xml",
      "/illustrations/banner-1280.avif",
      "/sitemap.xml?x=/y",
      "//evil.example/page",
      "https://www.example.com/",
      "mailto:hello@example.com",
      "#history",
      "",
    ]) {
      expect(isPagePath(href), href).toBe(false);
    }
  });
});
