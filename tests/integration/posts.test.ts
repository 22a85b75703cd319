import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  countPosts,
  createPost,
  deletePost,
  getPost,
  listPosts,
  pageSize,
  updatePost,
} from "~/.server/posts.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const input = {
  title: "Autumn on Moncur Street",
  content: "Leaves **everywhere**.",
  coverImageUrl: "/images/a/800.webp",
};

describe.each(dialects)("posts on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
  });
  afterEach(async () => {
    await t.close();
  });

  it("creates a post with a slug from its title and reads it back intact", async () => {
    const now = new Date("2026-03-01T23:30:00Z");
    const created = await createPost(t.db, input, "user-1", now);
    expect(created.slug).toMatch(/^autumn-on-moncur-street-\d{1,3}$/);
    const stored = await getPost(t.db, created.slug);
    expect(stored).toEqual({ ...input, slug: created.slug, publishedOn: now, userId: "user-1" });
  });

  it("stores posts without an author", async () => {
    const created = await createPost(t.db, input, null);
    expect((await getPost(t.db, created.slug))?.userId).toBeNull();
  });

  it("keeps unicode, quotes and very long content exactly as written", async () => {
    const tricky = {
      title: "Café « Moncur » — 'quotes' \"and\" emoji 🏛️",
      content: `${"x".repeat(2990)}\u200f\u200bend`,
      coverImageUrl: "/images/b/800.webp",
    };
    const created = await createPost(t.db, tricky, null);
    const stored = await getPost(t.db, created.slug);
    expect(stored?.title).toBe(tricky.title);
    expect(stored?.content).toBe(tricky.content);
  });

  it("never overwrites: when every suffix 0–999 is taken it widens the range", async () => {
    const existing = Array.from({ length: 1000 }, (_, n) => ({
      slug: `taken-${n}`,
      title: "Taken",
      content: "already here",
      publishedOn: 0,
      coverImageUrl: "/x",
      userId: null,
    }));
    for (let i = 0; i < existing.length; i += 250) {
      await t.db
        .insertInto("posts")
        .values(existing.slice(i, i + 250))
        .execute();
    }
    const created = await createPost(t.db, { ...input, title: "Taken" }, "user-2");
    expect(Number(created.slug.slice("taken-".length))).toBeGreaterThanOrEqual(0);
    expect(await countPosts(t.db)).toBe(1001);
    const untouched = await t.db
      .selectFrom("posts")
      .select("content")
      .where("content", "=", "already here")
      .execute();
    expect(untouched).toHaveLength(1000);
  });

  it("lists newest first, twelve a page", async () => {
    for (let n = 0; n < 14; n++) {
      await createPost(t.db, { ...input, title: `Post ${n}` }, null, new Date(Date.UTC(2026, 0, 1 + n)));
    }
    const first = await listPosts(t.db, 1);
    const second = await listPosts(t.db, 2);
    expect(first).toHaveLength(pageSize);
    expect(first[0]?.title).toBe("Post 13");
    expect(first.at(-1)?.title).toBe("Post 2");
    expect(second.map((p) => p.title)).toEqual(["Post 1", "Post 0"]);
    expect(await listPosts(t.db, 3)).toEqual([]);
    expect(await countPosts(t.db)).toBe(14);
    expect(first[0]).not.toHaveProperty("content");
  });

  it("updates title, content, cover and date but never the slug or author", async () => {
    const created = await createPost(t.db, input, "user-1", new Date("2026-01-01T00:00:00Z"));
    const later = new Date("2026-02-02T02:02:02Z");
    const updated = await updatePost(
      t.db,
      created.slug,
      { title: "New title", content: "New", coverImageUrl: "/c" },
      later,
    );
    expect(updated).toEqual({
      slug: created.slug,
      title: "New title",
      content: "New",
      coverImageUrl: "/c",
      publishedOn: later,
      userId: "user-1",
    });
    expect(await updatePost(t.db, "missing-1", input)).toBeUndefined();
  });

  it("deletes one post and reports whether it existed", async () => {
    const kept = await createPost(t.db, input, null);
    const gone = await createPost(t.db, { ...input, title: "Gone" }, null);
    expect(await deletePost(t.db, gone.slug)).toBe(true);
    expect(await deletePost(t.db, gone.slug)).toBe(false);
    expect(await getPost(t.db, gone.slug)).toBeUndefined();
    expect(await getPost(t.db, kept.slug)).toBeDefined();
  });

  it("treats SQL in a slug as data", async () => {
    await createPost(t.db, input, null);
    expect(await getPost(t.db, "x' or '1'='1")).toBeUndefined();
    expect(await deletePost(t.db, "x' or 1=1 --")).toBe(false);
    expect(await countPosts(t.db)).toBe(1);
  });
});
