import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/database.ts";
import { publicPagePaths } from "~/site/public-pages.ts";
import { contentChanged } from "../support/content-version.ts";
import { type RunningServer, startServer } from "../support/server.ts";

const postCount = 50_000;

/** The addresses a sitemap file lists. */
async function locations(url: string): Promise<string[]> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  return [
    ...(await response.text()).matchAll(/<url><loc>([^<]+)<\/loc><lastmod>[^<]+<\/lastmod><\/url>/g),
  ].map((match) => match[1] as string);
}

describe("a sitemap past the protocol's 50 000 addresses", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
    const db = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "site.db") });
    await db
      .insertInto("images")
      .values({ id: "map-cover", userId: null, width: 800, height: 600, fallback: "jpeg", createdAt: 0 })
      .execute();
    for (let from = 0; from < postCount; from += 1000) {
      await db
        .insertInto("posts")
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            slug: `mapped-${from + i}`,
            title: `Mapped ${from + i}`,
            content: "A line.",
            publishedOn: Date.UTC(2024, 0, 1) + (from + i) * 1000,
            coverImageId: "map-cover",
            userId: null,
            submissionId: null,
          })),
        )
        .execute();
    }
    await contentChanged(db, server.url);
    await db.destroy();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("becomes an index of sitemap files, which together list every page and post once", async () => {
    const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1] as string);
    expect(files).toEqual([`${server.url}/sitemaps/1.xml`, `${server.url}/sitemaps/2.xml`]);

    const first = await locations(files[0] as string);
    const second = await locations(files[1] as string);
    expect(first).toHaveLength(50_000);
    expect(first.slice(0, publicPagePaths.length)).toEqual(
      publicPagePaths.map((page) => `${server.url}${page}`),
    );
    expect(first[publicPagePaths.length]).toBe(`${server.url}/blog/mapped-${postCount - 1}`);
    const all = [...first, ...second];
    expect(all).toHaveLength(publicPagePaths.length + postCount);
    expect(new Set(all).size).toBe(all.length);
    expect(second.at(-1)).toBe(`${server.url}/blog/mapped-0`);
  });

  it.each(["/sitemaps/3.xml", "/sitemaps/0.xml", "/sitemaps/1", "/sitemaps/x.xml"])(
    "answers %s, which does not exist, with 404",
    async (page) => {
      expect((await fetch(`${server.url}${page}`)).status).toBe(404);
    },
  );
});

describe("a sitemap that fits in one file", () => {
  it("is one file at /sitemap.xml, with no /sitemaps/ files", async () => {
    const server = await startServer();
    try {
      expect(await locations(`${server.url}/sitemap.xml`)).toHaveLength(publicPagePaths.length);
      expect((await fetch(`${server.url}/sitemaps/1.xml`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
