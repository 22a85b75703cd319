import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  countPosts,
  createPost,
  deletePost,
  getPost,
  listPosts,
  listPostsByUser,
  pageSize,
  updatePost,
} from "~/.server/posts/posts.ts";
import { cover, dialects, otherCover, storeCover, type TestDatabase } from "../support/databases.ts";

const input = { title: "Autumn on Moncur Street", content: "Leaves **everywhere**.", coverImageId: cover.id };

describe.each(dialects)("posts on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
    await storeCover(t.db, cover);
    await storeCover(t.db, otherCover);
  });
  afterEach(async () => {
    await t.close();
  });

  it("creates a post with a slug from its title and reads it back intact, with its cover", async () => {
    const now = new Date("2026-03-01T23:30:00Z");
    const slug = await createPost(t.db, input, "user-1", { now });
    expect(slug).toMatch(/^autumn-on-moncur-street-\d{1,3}$/);
    expect(await getPost(t.db, slug)).toEqual({
      slug,
      title: input.title,
      content: input.content,
      publishedOn: now,
      cover,
      coverAlt: "",
      tags: [],
      userId: "user-1",
      status: "published",
      hidden: false,
      authorSuspended: false,
      byline: null,
      savedAt: now,
      firstPublishedOn: now,
      updatedOn: null,
    });
  });

  it("creates one post for a form sent twice, even at the same moment", async () => {
    const [a, b] = await Promise.all([
      createPost(t.db, input, "user-1", { submissionId: "form-1" }),
      createPost(t.db, input, "user-1", { submissionId: "form-1" }),
    ]);
    expect(a).toBe(b);
    expect(await countPosts(t.db)).toBe(1);
    await createPost(t.db, input, "user-1", { submissionId: "form-2" });
    expect(await countPosts(t.db)).toBe(2);
  });

  it("stores posts without an author", async () => {
    const slug = await createPost(t.db, input, null);
    expect((await getPost(t.db, slug))?.userId).toBeNull();
  });

  it("refuses a cover that is not a stored image", async () => {
    await expect(createPost(t.db, { ...input, coverImageId: "no-such-image" }, null)).rejects.toThrow();
    expect(await countPosts(t.db)).toBe(0);
  });

  it("keeps unicode, quotes and the longest content exactly as written", async () => {
    const tricky = {
      title: "Café « Moncur » — 'quotes' \"and\" emoji 🏛️",
      content: `${"x".repeat(2990)}\u200f\u200bend`,
      coverImageId: cover.id,
    };
    const slug = await createPost(t.db, tricky, null);
    const stored = await getPost(t.db, slug);
    expect(stored?.title).toBe(tricky.title);
    expect(stored?.content).toBe(tricky.content);
  });

  it("never overwrites: when every suffix 0–999 is taken it widens the range", async () => {
    const existing = Array.from({ length: 1000 }, (_, n) => ({
      slug: `taken-${n}`,
      title: "Taken",
      content: "already here",
      publishedOn: 0,
      coverImageId: cover.id,
      userId: null,
      submissionId: null,
    }));
    for (let i = 0; i < existing.length; i += 250) {
      await t.db
        .insertInto("posts")
        .values(existing.slice(i, i + 250))
        .execute();
    }
    const slug = await createPost(t.db, { ...input, title: "Taken" }, "user-2");
    expect(Number(slug.slice("taken-".length))).toBeGreaterThanOrEqual(1000);
    expect(await countPosts(t.db)).toBe(1001);
    const untouched = await t.db
      .selectFrom("posts")
      .select("slug")
      .where("content", "=", "already here")
      .execute();
    expect(untouched).toHaveLength(1000);
  });

  it("lists newest first, twelve a page, without the content", async () => {
    for (let n = 0; n < 14; n++) {
      await createPost(t.db, { ...input, title: `Post ${n}` }, null, {
        now: new Date(Date.UTC(2026, 0, 1 + n)),
      });
    }
    const first = await listPosts(t.db, 1);
    const second = await listPosts(t.db, 2);
    expect(first).toHaveLength(pageSize);
    expect(first[0]?.title).toBe("Post 13");
    expect(first[0]?.cover).toEqual(cover);
    expect(first.at(-1)?.title).toBe("Post 2");
    expect(second.map((p) => p.title)).toEqual(["Post 1", "Post 0"]);
    expect(await listPosts(t.db, 3)).toEqual([]);
    expect(await countPosts(t.db)).toBe(14);
    expect(first[0]).not.toHaveProperty("content");
  });

  it("lists one user's posts only", async () => {
    await createPost(t.db, { ...input, title: "Mine" }, "user-1");
    await createPost(t.db, { ...input, title: "Theirs" }, "user-2");
    await createPost(t.db, { ...input, title: "Nobody's" }, null);
    expect((await listPostsByUser(t.db, "user-1")).map((p) => p.title)).toEqual(["Mine"]);
  });

  it("updates title, content and cover but never the slug, the author or the first publication", async () => {
    const published = new Date("2026-01-01T00:00:00Z");
    const slug = await createPost(t.db, input, "user-1", { now: published });
    const later = new Date("2026-02-02T02:02:02Z");
    expect(
      await updatePost(
        t.db,
        slug,
        { title: "New title", content: "New", coverImageId: otherCover.id },
        { now: later, savedBy: "owner-1" },
      ),
    ).toBe("saved");
    expect(await getPost(t.db, slug)).toEqual({
      slug,
      title: "New title",
      content: "New",
      cover: otherCover,
      coverAlt: "",
      tags: [],
      publishedOn: published,
      userId: "user-1",
      status: "published",
      hidden: false,
      authorSuspended: false,
      byline: null,
      savedAt: later,
      firstPublishedOn: published,
      updatedOn: later,
    });
    expect(await updatePost(t.db, "missing-1", input)).toBe("missing");
  });

  it("deletes one post and reports whether it existed", async () => {
    const kept = await createPost(t.db, input, null);
    const gone = await createPost(t.db, { ...input, title: "Gone" }, null);
    expect(await deletePost(t.db, gone)).toBe(true);
    expect(await deletePost(t.db, gone)).toBe(false);
    expect(await getPost(t.db, gone)).toBeUndefined();
    expect(await getPost(t.db, kept)).toBeDefined();
  });

  it("treats SQL in a slug as data", async () => {
    await createPost(t.db, input, null);
    expect(await getPost(t.db, "x' or '1'='1")).toBeUndefined();
    expect(await deletePost(t.db, "x' or 1=1 --")).toBe(false);
    expect(await countPosts(t.db)).toBe(1);
  });
});
