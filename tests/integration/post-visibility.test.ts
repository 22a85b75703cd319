import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  contentVersion,
  countPosts,
  countPostsTagged,
  countPublicTags,
  createPost,
  getPost,
  isPublic,
  latestPosts,
  listPostDates,
  listPosts,
  listPostsByUser,
  listPostsTagged,
  mayEdit,
  publicTags,
  tagSuggestions,
  updatePost,
} from "~/.server/posts/posts.ts";
import { sitemap } from "~/.server/site/sitemap.ts";
import { cover, dialects, storeCover, type TestDatabase } from "../support/databases.ts";

const base = { content: "Leaves on Moncur Street.", coverImageId: cover.id, tags: ["autumn"] };

/** Every public listing, feed and sitemap, as the slugs (or addresses) each shows. */
async function everythingPublic(t: TestDatabase) {
  const sitemapXml = await sitemap(t.db, "https://example.test", 1);
  return {
    home: (await listPosts(t.db, 1)).map((p) => p.slug),
    count: await countPosts(t.db),
    tag: (await listPostsTagged(t.db, "autumn", 1)).map((p) => p.slug),
    tagCount: await countPostsTagged(t.db, "autumn"),
    feed: (await latestPosts(t.db, 20)).map((p) => p.slug),
    tagFeed: (await latestPosts(t.db, 20, "autumn")).map((p) => p.slug),
    sitemapPosts: (await listPostDates(t.db, { offset: 0, limit: 100 })).map((p) => p.slug),
    sitemapXml,
    tags: (await publicTags(t.db, { offset: 0, limit: 10 })).map((p) => p.tag),
    tagTotal: await countPublicTags(t.db),
    suggestions: await tagSuggestions(t.db),
  };
}

describe.each(dialects)("drafts, schedules and tags on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
    await storeCover(t.db, cover);
  });
  afterEach(async () => {
    await t.close();
  });

  it("suggests the tags of the newest public posts, whatever lies further back", async () => {
    const hour = 3_600_000;
    const row = (slug: string, publishedOn: number) => ({
      slug,
      title: slug,
      content: "Leaves on Moncur Street.",
      publishedOn,
      coverImageId: cover.id,
      userId: null,
      submissionId: null,
    });
    await t.db
      .insertInto("posts")
      .values(row("old-0", Date.UTC(2020, 0, 1)))
      .execute();
    await t.db.insertInto("postTags").values({ slug: "old-0", tag: "long ago" }).execute();
    for (let from = 0; from < 2000; from += 500) {
      const slugs = Array.from({ length: 500 }, (_, i) => `new-${from + i}`);
      await t.db
        .insertInto("posts")
        .values(slugs.map((slug, i) => row(slug, Date.UTC(2024, 0, 1) + (from + i) * hour)))
        .execute();
      await t.db
        .insertInto("postTags")
        .values(slugs.map((slug, i) => ({ slug, tag: (from + i) % 4 === 0 ? "garden" : "street" })))
        .execute();
    }
    expect(await tagSuggestions(t.db)).toEqual(["street", "garden"]);
    await t.db.deleteFrom("posts").where("slug", "=", "new-1999").execute();
    expect(await tagSuggestions(t.db)).toEqual(["street", "garden", "long ago"]);
  });

  it("shows drafts, scheduled and hidden posts on no listing, feed, tag page or sitemap", async () => {
    const draft = await createPost(
      t.db,
      { ...base, title: "Draft", status: "draft", tags: ["secret"] },
      "u1",
    );
    const scheduled = await createPost(
      t.db,
      { ...base, title: "Scheduled", publishAt: new Date(Date.now() + 3_600_000), tags: ["secret"] },
      "u1",
    );
    const hidden = await createPost(t.db, { ...base, title: "Hidden", tags: ["secret"] }, "u1");
    await t.db.updateTable("posts").set({ hiddenAt: Date.now() }).where("slug", "=", hidden).execute();
    expect(await everythingPublic(t)).toEqual({
      home: [],
      count: 0,
      tag: [],
      tagCount: 0,
      feed: [],
      tagFeed: [],
      sitemapPosts: [],
      sitemapXml: expect.not.stringMatching(/\/blog\/|\/tags\//),
      tags: [],
      tagTotal: 0,
      suggestions: [],
    });
    for (const slug of [draft, scheduled, hidden]) {
      const post = await getPost(t.db, slug);
      expect(post && isPublic(post)).toBe(false);
      expect(post && mayEdit(post, { id: "u1", role: "author" })).toBe(true);
      expect(post && mayEdit(post, { id: "u2", role: "author" })).toBe(false);
      expect(post && mayEdit(post, { id: "u2", role: "owner" })).toBe(true);
    }
    // Its author still has all three, apart from one another.
    const own = await listPostsByUser(t.db, "u1");
    expect(own.map((p) => [p.title, p.status, p.hidden])).toEqual([
      ["Scheduled", "published", false],
      ["Hidden", "published", true],
      ["Draft", "draft", false],
    ]);
  });

  it("makes a draft public everywhere when it is published", async () => {
    const slug = await createPost(t.db, { ...base, title: "Draft", status: "draft" }, "u1");
    expect(await countPosts(t.db)).toBe(0);
    await updatePost(t.db, slug, { ...base, title: "Draft", status: "published" });
    const seen = await everythingPublic(t);
    expect(seen).toMatchObject({
      home: [slug],
      tag: [slug],
      feed: [slug],
      tagFeed: [slug],
      sitemapPosts: [slug],
      tags: ["autumn"],
      tagTotal: 1,
    });
    expect(seen.sitemapXml).toContain("https://example.test/tags/autumn<");
  });

  it("publishes a scheduled post at its moment, dated then, and changes the content version without a write", async () => {
    const at = new Date(Date.now() + 1500);
    const slug = await createPost(t.db, { ...base, title: "Soon", publishAt: at }, "u1");
    const before = await contentVersion(t.db);
    expect((await getPost(t.db, slug))?.publishedOn).toEqual(at);
    expect(await listPosts(t.db, 1)).toEqual([]);
    expect(await contentVersion(t.db, new Date(at.getTime() - 1))).toBe(before);
    // The same stored data, read after the moment: a new version, and the post everywhere.
    expect(await contentVersion(t.db, at)).not.toBe(before);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now() + 5)));
    expect((await everythingPublic(t)).home).toEqual([slug]);
    const now = await contentVersion(t.db);
    expect(now).not.toBe(before);
    // A write after the moment gives yet another version, never an earlier one again.
    await createPost(t.db, { ...base, title: "Next" }, "u1");
    expect(new Set([before, now, await contentVersion(t.db)]).size).toBe(3);
  });

  it("stores tags and the cover description, replacing them on edit, deleting tags with the post", async () => {
    const slug = await createPost(
      t.db,
      { ...base, title: "Tagged", tags: ["autumn", "street life"], coverAlt: "A plane tree in autumn" },
      "u1",
    );
    expect(await getPost(t.db, slug)).toMatchObject({
      tags: ["autumn", "street life"],
      coverAlt: "A plane tree in autumn",
    });
    expect((await listPosts(t.db, 1))[0]).toMatchObject({
      tags: ["autumn", "street life"],
      coverAlt: "A plane tree in autumn",
    });
    await updatePost(t.db, slug, { ...base, title: "Tagged", tags: ["winter"], coverAlt: "" });
    expect(await getPost(t.db, slug)).toMatchObject({ tags: ["winter"], coverAlt: "" });
    expect(await countPostsTagged(t.db, "autumn")).toBe(0);
    await t.db.deleteFrom("posts").where("slug", "=", slug).execute();
    expect(await t.db.selectFrom("postTags").selectAll().execute()).toEqual([]);
  });

  it("pages a tag twelve at a time, newest first", async () => {
    for (let i = 0; i < 13; i++)
      await createPost(t.db, { ...base, title: `Post ${i}` }, "u1", {
        now: new Date(1_700_000_000_000 + i * 1000),
      });
    const first = await listPostsTagged(t.db, "autumn", 1);
    expect(first).toHaveLength(12);
    expect(first[0]?.title).toBe("Post 12");
    expect((await listPostsTagged(t.db, "autumn", 2)).map((p) => p.title)).toEqual(["Post 0"]);
    expect(await countPostsTagged(t.db, "autumn")).toBe(13);
  });
});
