import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postsFeed } from "~/.server/posts/feeds.ts";
import {
  approvePost,
  createPost,
  deletePost,
  endPreviewLink,
  latestPosts,
  listPosts,
  listPostsTagged,
  setHidden,
  updatePost,
} from "~/.server/posts/posts.ts";
import { makePreviewLink, previewedPost, previewLifetimeMs } from "~/.server/posts/preview-links.ts";
import { searchPosts } from "~/.server/posts/search.ts";
import { sitemap } from "~/.server/site/sitemap.ts";
import { cover, dialects, storeCover, type TestDatabase } from "../support/databases.ts";

const draft = {
  title: "Plans for the laneway garden",
  content: "Planter boxes along the wall.",
  coverImageId: cover.id,
  tags: ["garden"],
  status: "draft" as const,
};
const day = 24 * 3_600_000;

describe.each(dialects)("preview links on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
    await storeCover(t.db, cover);
  });
  afterEach(async () => {
    await t.close();
  });

  const slugOf = async (token: string, now?: Date) => (await previewedPost(t.db, token, now))?.post.slug;

  it("shows a draft as last saved to whoever has the token; only the token's hash is kept", async () => {
    const slug = await createPost(t.db, draft, "u1");
    const token = await makePreviewLink(t.db, slug);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await slugOf(token)).toBe(slug);
    await updatePost(t.db, slug, { ...draft, content: "Planter boxes and a bench." });
    expect((await previewedPost(t.db, token))?.post.content).toBe("Planter boxes and a bench.");
    const stored = await t.db.selectFrom("previewLinks").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    // A token of the right shape but unknown, and anything else, show nothing.
    expect(await slugOf(`${token.slice(0, 42)}${token.endsWith("A") ? "B" : "A"}`)).toBeUndefined();
    expect(await slugOf(slug)).toBeUndefined();
    expect(await slugOf("")).toBeUndefined();
  });

  it("keeps one link per post: a new link ends the old one; revoking ends it", async () => {
    const slug = await createPost(t.db, draft, "u1");
    const first = await makePreviewLink(t.db, slug);
    const second = await makePreviewLink(t.db, slug);
    expect([await slugOf(first), await slugOf(second)]).toEqual([undefined, slug]);
    await endPreviewLink(t.db, slug);
    expect(await slugOf(second)).toBeUndefined();
    expect(await t.db.selectFrom("previewLinks").selectAll().execute()).toEqual([]);
  });

  it("works for 7 days", async () => {
    const slug = await createPost(t.db, draft, "u1");
    const madeAt = Date.now();
    const token = await makePreviewLink(t.db, slug, madeAt);
    expect(await slugOf(token, new Date(madeAt + previewLifetimeMs - 1000))).toBe(slug);
    expect(await slugOf(token, new Date(madeAt + previewLifetimeMs))).toBeUndefined();
  });

  it("ends when the post is published, sent for review at once, approved or deleted; not when it is scheduled", async () => {
    const published = await createPost(t.db, draft, "u1");
    const token = await makePreviewLink(t.db, published);
    await updatePost(t.db, published, { ...draft, status: "published" });
    expect(await slugOf(token)).toBeUndefined();
    expect(await t.db.selectFrom("previewLinks").selectAll().execute()).toEqual([]);

    const scheduled = await createPost(t.db, draft, "u1");
    const scheduledToken = await makePreviewLink(t.db, scheduled);
    const moment = new Date(Date.now() + day);
    await updatePost(t.db, scheduled, { ...draft, status: "published", publishAt: moment });
    expect(await slugOf(scheduledToken)).toBe(scheduled);
    // Once its moment passes it is public: the link has nothing left to show.
    expect(await slugOf(scheduledToken, new Date(moment.getTime() + 1000))).toBeUndefined();

    const reviewed = await createPost(t.db, draft, "u1");
    const reviewToken = await makePreviewLink(t.db, reviewed);
    await updatePost(t.db, reviewed, { ...draft, status: "review" });
    expect(await slugOf(reviewToken)).toBeUndefined();
    // Approved later: a link made while it waited (not shown, since it is not a draft) ends too.
    const waitingToken = await makePreviewLink(t.db, reviewed);
    expect(await approvePost(t.db, reviewed)).toBe(true);
    expect(await t.db.selectFrom("previewLinks").select("slug").execute()).toEqual([{ slug: scheduled }]);
    expect(await slugOf(waitingToken)).toBeUndefined();

    const deleted = await createPost(t.db, draft, "u1");
    const deletedToken = await makePreviewLink(t.db, deleted);
    expect(await deletePost(t.db, deleted)).toBe(true);
    expect(await slugOf(deletedToken)).toBeUndefined();
  });

  it("shows nothing of a draft the owners hid", async () => {
    const slug = await createPost(t.db, draft, "u1");
    const token = await makePreviewLink(t.db, slug);
    await setHidden(t.db, slug, true);
    expect(await slugOf(token)).toBeUndefined();
    await setHidden(t.db, slug, false);
    expect(await slugOf(token)).toBe(slug);
  });

  it("never puts a previewed post in a listing, feed, tag page, sitemap or search", async () => {
    const slug = await createPost(t.db, draft, "u1");
    const scheduled = await createPost(
      t.db,
      { ...draft, title: "Garden opening", status: "published", publishAt: new Date(Date.now() + day) },
      "u1",
    );
    await makePreviewLink(t.db, slug);
    await makePreviewLink(t.db, scheduled);
    expect(await listPosts(t.db, 1)).toEqual([]);
    expect(await listPostsTagged(t.db, "garden", 1)).toEqual([]);
    expect(await latestPosts(t.db, 10)).toEqual([]);
    const feed = await postsFeed(
      "https://example.test",
      { title: "Blog", page: "/home", feed: "/rss.xml", description: "Posts" },
      await latestPosts(t.db, 10),
    ).text();
    const map = await sitemap(t.db, "https://example.test", 1);
    for (const text of [feed, map]) {
      expect(text).not.toContain(slug);
      expect(text).not.toContain(scheduled);
    }
    expect((await searchPosts(t.db, ["garden"], 1)).results).toEqual([]);
  });
});
