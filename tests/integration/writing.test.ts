import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Db, migrateToLatest, openDatabase } from "~/.server/db/database.ts";
import { migrations } from "~/.server/db/migrations/index.ts";
import { postsFeed } from "~/.server/posts/feeds.ts";
import {
  approvePost,
  createPost,
  getPost,
  isPublic,
  latestPosts,
  listPostDates,
  listPosts,
  listPostsByUser,
  restoreRevision,
  saveEdit,
  updatePost,
} from "~/.server/posts/posts.ts";
import { listRevisions, revisionsKept, wordDiff } from "~/.server/posts/revisions.ts";
import { searchPosts } from "~/.server/posts/search.ts";
import { listActivity } from "~/.server/site/activity.ts";
import { sitemap } from "~/.server/site/sitemap.ts";
import { cover, dialects, otherCover, storeCover, type TestDatabase } from "../support/databases.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";

const post = { title: "Autumn on Moncur Street", content: "Leaves everywhere.", coverImageId: cover.id };
const day = 24 * 3_600_000;
const at = (iso: string) => new Date(iso);

const revisionsOf = (db: Db, slug: string) =>
  db.selectFrom("postRevisions").selectAll().where("slug", "=", slug).orderBy("id").execute();

describe.each(dialects)("writing on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
    await storeCover(t.db, cover);
    await storeCover(t.db, otherCover);
    // better-auth's table, which the server makes itself: the revisions page reads addresses from it.
    await sql`create table "user" (id varchar(255) primary key, email varchar(320) not null)`.execute(t.db);
  });
  afterEach(async () => {
    await t.close();
  });

  it("keeps a draft with a title alone: no content, no cover, seen by its author only", async () => {
    const slug = await createPost(
      t.db,
      { title: "An idea", content: "", coverImageId: null, status: "draft" },
      "u1",
    );
    const draft = await getPost(t.db, slug);
    expect(draft).toMatchObject({ title: "An idea", content: "", cover: null, status: "draft" });
    expect(draft && isPublic(draft)).toBe(false);
    expect((await listPostsByUser(t.db, "u1")).map((p) => [p.title, p.cover])).toEqual([["An idea", null]]);
    expect(await listPosts(t.db, 1)).toEqual([]);
  });

  it("never moves the first publication; an edit of the public post is its update, everywhere", async () => {
    const older = await createPost(t.db, post, "u1", { now: at("2025-01-10T00:00:00Z") });
    const newer = await createPost(t.db, { ...post, title: "Spring" }, "u1", {
      now: at("2025-03-10T00:00:00Z"),
    });
    const fixed = at("2025-06-01T00:00:00Z");
    expect(
      await updatePost(t.db, older, { ...post, content: "Leaves everywhere, swept." }, { now: fixed }),
    ).toBe("saved");
    const edited = await getPost(t.db, older);
    expect(edited?.publishedOn).toEqual(at("2025-01-10T00:00:00Z"));
    expect(edited?.updatedOn).toEqual(fixed);
    // Listings and feeds still order by first publication: the edited post stays second.
    expect((await listPosts(t.db, 1)).map((p) => p.slug)).toEqual([newer, older]);
    expect((await listPostDates(t.db, { offset: 0, limit: 10 })).map((p) => p.slug)).toEqual([newer, older]);
    const xml = await sitemap(t.db, "https://example.test", 1);
    expect(xml).toContain(
      `<loc>https://example.test/blog/${older}</loc><lastmod>2025-06-01T00:00:00.000Z</lastmod>`,
    );
    expect(xml).toContain(
      `<loc>https://example.test/blog/${newer}</loc><lastmod>2025-03-10T00:00:00.000Z</lastmod>`,
    );
    const feed = await postsFeed(
      "https://example.test",
      { title: "Blog", page: "/home", feed: "/rss.xml", description: "Posts" },
      await latestPosts(t.db, 10),
    ).text();
    expect(feed).toContain("<lastBuildDate>Sun, 01 Jun 2025 00:00:00 GMT</lastBuildDate>");
    expect(feed).toContain(
      "<pubDate>Fri, 10 Jan 2025 00:00:00 GMT</pubDate>\n<atom:updated>2025-06-01T00:00:00.000Z</atom:updated>",
    );
  });

  it("dates nothing as updated by a save that changes nothing, nor by saving a draft", async () => {
    const slug = await createPost(t.db, { ...post, tags: ["autumn", "leaves"] }, "u1", {
      now: at("2025-01-10T00:00:00Z"),
    });
    await updatePost(
      t.db,
      slug,
      { ...post, tags: ["leaves", "autumn"] },
      { now: at("2025-02-01T00:00:00Z") },
    );
    expect((await getPost(t.db, slug))?.updatedOn).toBeNull();
    await updatePost(
      t.db,
      slug,
      { ...post, title: "Later", status: "draft" },
      { now: at("2025-02-02T00:00:00Z") },
    );
    const draft = await getPost(t.db, slug);
    expect([draft?.updatedOn, draft?.publishedOn]).toEqual([null, at("2025-01-10T00:00:00Z")]);
    // Published again, it keeps its first date, and now shows the change.
    await updatePost(t.db, slug, { ...post, title: "Later" }, { now: at("2025-02-03T00:00:00Z") });
    const again = await getPost(t.db, slug);
    expect([again?.publishedOn, again?.updatedOn]).toEqual([
      at("2025-01-10T00:00:00Z"),
      at("2025-02-03T00:00:00Z"),
    ]);
  });

  it("dates a draft by its publication, and a scheduled post by its moment even when edited after it", async () => {
    const slug = await createPost(t.db, { ...post, status: "draft" }, "u1", {
      now: at("2025-01-01T00:00:00Z"),
    });
    await updatePost(t.db, slug, post, { now: at("2025-01-05T00:00:00Z") });
    expect((await getPost(t.db, slug))?.publishedOn).toEqual(at("2025-01-05T00:00:00Z"));

    const moment = new Date(Date.now() + day);
    const scheduled = await createPost(t.db, { ...post, publishAt: moment }, "u1");
    expect((await getPost(t.db, scheduled))?.firstPublishedOn).toBeNull();
    // Edited after its moment passed (no write when it did): the moment stays its date.
    const later = new Date(moment.getTime() + day);
    await updatePost(t.db, scheduled, { ...post, title: "Edited" }, { now: later });
    const edited = await getPost(t.db, scheduled);
    expect([edited?.publishedOn, edited?.firstPublishedOn, edited?.updatedOn]).toEqual([
      moment,
      moment,
      later,
    ]);
  });

  it("keeps the first date when an owner approves an edit of a public post in review", async () => {
    const slug = await createPost(t.db, post, "u1", { now: at("2025-01-10T00:00:00Z") });
    await updatePost(
      t.db,
      slug,
      { ...post, title: "Reviewed", status: "review" },
      { now: at("2025-02-01T00:00:00Z") },
    );
    expect(await approvePost(t.db, slug, at("2025-02-02T00:00:00Z"))).toBe(true);
    const approved = await getPost(t.db, slug);
    expect([approved?.publishedOn, approved?.updatedOn]).toEqual([
      at("2025-01-10T00:00:00Z"),
      at("2025-02-02T00:00:00Z"),
    ]);
  });

  it("lets an owner fix another's post: the byline stays, the revision and the log name the owner", async () => {
    await t.db.insertInto("members").values({ userId: "u1", displayName: "Jamie Sample" }).execute();
    const slug = await createPost(t.db, post, "u1", { now: at("2025-01-10T00:00:00Z") });
    const owner = { id: "owner-1", email: "owner@example.test" };
    const outcome = await saveEdit(
      t.db,
      { slug, title: post.title, userId: "u1" },
      { ...post, content: "Leaves everywhere, fixed." },
      owner,
    );
    expect(outcome).toBe("saved");
    const fixed = await getPost(t.db, slug);
    expect([fixed?.userId, fixed?.byline?.name, fixed?.publishedOn]).toEqual([
      "u1",
      "Jamie Sample",
      at("2025-01-10T00:00:00Z"),
    ]);
    expect((await revisionsOf(t.db, slug)).map((r) => [r.savedBy, r.content])).toEqual([
      ["u1", "Leaves everywhere."],
      ["owner-1", "Leaves everywhere, fixed."],
    ]);
    const { entries } = await listActivity(t.db, 1);
    expect(entries.map((e) => [e.actorEmail, e.action, e.target])).toEqual([
      ["owner@example.test", "edited post", post.title],
    ]);
    // The author's own edit is not logged for the owners.
    await saveEdit(t.db, { slug, title: post.title, userId: "u1" }, post, {
      id: "u1",
      email: "u1@example.test",
    });
    expect((await listActivity(t.db, 1)).total).toBe(1);
  });

  it("saves nothing over a version it did not start from, even two saves at once", async () => {
    const slug = await createPost(t.db, post, "u1");
    const basedOn = Number((await getPost(t.db, slug))?.savedAt.getTime());
    const outcomes = await Promise.all(
      ["First tab", "Second tab"].map((title) =>
        updatePost(t.db, slug, { ...post, title }, { basedOn, now: new Date(basedOn + 1000) }),
      ),
    );
    expect(outcomes.sort()).toEqual(["changed", "saved"]);
    const kept = await getPost(t.db, slug);
    expect(["First tab", "Second tab"]).toContain(kept?.title);
    expect(await updatePost(t.db, slug, { ...post, title: "Stale" }, { basedOn })).toBe("changed");
    expect((await getPost(t.db, slug))?.title).toBe(kept?.title);
    expect(await revisionsOf(t.db, slug)).toHaveLength(2);
  });

  it("lists revisions newest first with who saved them, compares words, and restores one as a new revision", async () => {
    await t.db.insertInto("members").values({ userId: "u1", displayName: "Jamie Sample" }).execute();
    const slug = await createPost(t.db, { ...post, tags: ["autumn"] }, "u1", {
      now: at("2025-01-10T00:00:00Z"),
    });
    await updatePost(
      t.db,
      slug,
      { ...post, content: "Leaves everywhere, and rain.", coverImageId: otherCover.id, tags: [] },
      { now: at("2025-01-11T00:00:00Z"), savedBy: "u1" },
    );
    const [current, first] = await listRevisions(t.db, slug);
    expect([current?.content, current?.savedByName, first?.content, first?.tags]).toEqual([
      "Leaves everywhere, and rain.",
      "Jamie Sample",
      "Leaves everywhere.",
      ["autumn"],
    ]);
    expect(
      wordDiff(first?.content ?? "", current?.content ?? "").filter((part) => part.change !== "same"),
    ).toEqual([{ text: ", and rain", change: "added" }]);
    const owner = { id: "owner-1", email: "owner@example.test" };
    const live = await getPost(t.db, slug);
    if (!live || !first) throw new Error("the post and its first revision are there");
    expect(
      await restoreRevision(t.db, live, first.id, owner, {
        status: "published",
        basedOn: live.savedAt.getTime(),
      }),
    ).toBe("saved");
    const restored = await getPost(t.db, slug);
    expect([restored?.content, restored?.cover?.id, restored?.tags, restored?.publishedOn]).toEqual([
      "Leaves everywhere.",
      cover.id,
      ["autumn"],
      at("2025-01-10T00:00:00Z"),
    ]);
    const after = await listRevisions(t.db, slug);
    expect(after.map((r) => r.kind)).toEqual(["restore", "save", "save"]);
    // A revision of another post, or a stale page, restores nothing.
    const other = await createPost(t.db, post, "u1");
    const [otherRevision] = await listRevisions(t.db, other);
    expect(
      await restoreRevision(t.db, restored ?? live, Number(otherRevision?.id), owner, {
        status: "published",
      }),
    ).toBe("no such revision");
    expect(
      await restoreRevision(t.db, live, first.id, owner, {
        status: "published",
        basedOn: live.savedAt.getTime(),
      }),
    ).toBe("changed");
  });

  it("refuses to restore a revision without a cover into a published post", async () => {
    const slug = await createPost(
      t.db,
      { title: "An idea", content: "", coverImageId: null, status: "draft" },
      "u1",
    );
    await updatePost(t.db, slug, post, { savedBy: "u1" });
    const [, draft] = await listRevisions(t.db, slug);
    const live = await getPost(t.db, slug);
    if (!live || !draft) throw new Error("the post and its draft revision are there");
    const restoreAs = (status: "published" | "draft") =>
      restoreRevision(t.db, live, draft.id, { id: "u1", email: "u1@example.test" }, { status });
    expect(await restoreAs("published")).toBe("incomplete");
    expect(await restoreAs("draft")).toBe("saved");
    expect((await getPost(t.db, slug))?.cover).toBeNull();
  });

  it(`keeps the last ${revisionsKept} revisions of a post, and none once it is deleted`, async () => {
    const slug = await createPost(t.db, post, "u1");
    for (let save = 1; save <= revisionsKept + 5; save++)
      await updatePost(t.db, slug, { ...post, content: `Version ${save}` }, { savedBy: "u1" });
    const kept = await revisionsOf(t.db, slug);
    expect(kept).toHaveLength(revisionsKept);
    expect(kept.at(-1)?.content).toBe(`Version ${revisionsKept + 5}`);
    expect(kept[0]?.content).toBe("Version 6");
    await t.db.deleteFrom("posts").where("slug", "=", slug).execute();
    expect(await revisionsOf(t.db, slug)).toEqual([]);
  });
});

/** A database with every migration before this feature's, to upgrade from. */
async function beforeWriting(name: "sqlite" | "postgres", dir: string) {
  if (name === "sqlite")
    return { db: openDatabase({ kind: "sqlite", file: `${dir}/upgrade.db` }), drop: async () => {} };
  const fresh = await freshPostgresDatabase("upgrade");
  return { db: openDatabase({ kind: "postgres", url: fresh.url }), drop: fresh.drop };
}

describe.each(dialects)("upgrading to revisions and drafts without covers on $name", (dialect) => {
  it("keeps every post, its tags and its search entry, and gives each its first revision", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(`${tmpdir()}/wm-upgrade-`);
    const { db, drop } = await beforeWriting(dialect.name, dir);
    try {
      const migrator = new Migrator({ db, provider: migrations });
      const { error } = await migrator.migrateTo("015-backups");
      expect(error).toBeUndefined();
      await storeCover(db, cover);
      await sql`insert into posts (slug, title, content, "publishedOn", "coverImageId", "userId", status)
        values ('garden-1', 'Garden', 'A garden bench.', 1000, 'cover-a', 'u1', 'published'),
               ('idea-2', 'Idea', 'Half a thought.', 2000, 'cover-a', 'u1', 'draft')`.execute(db);
      await db
        .insertInto("postTags")
        .values([
          { slug: "garden-1", tag: "outdoors" },
          { slug: "garden-1", tag: "bench" },
        ])
        .execute();
      await migrateToLatest(db);
      expect((await getPost(db, "garden-1"))?.tags).toEqual(["bench", "outdoors"]);
      expect((await getPost(db, "garden-1"))?.firstPublishedOn).toEqual(new Date(1000));
      expect((await getPost(db, "idea-2"))?.firstPublishedOn).toBeNull();
      expect((await searchPosts(db, ["bench"], 1)).results.map((r) => r.slug)).toEqual(["garden-1"]);
      expect((await revisionsOf(db, "garden-1")).map((r) => [r.title, r.tags, r.kind])).toEqual([
        ["Garden", "bench, outdoors", "save"],
      ]);
      // A draft may now be kept without a cover; posts still refuse a cover that is not stored.
      await db.updateTable("posts").set({ coverImageId: null }).where("slug", "=", "idea-2").execute();
      await expect(
        db.updateTable("posts").set({ coverImageId: "missing" }).where("slug", "=", "idea-2").execute(),
      ).rejects.toThrow();
      // Tags still go with their post.
      await db.deleteFrom("posts").where("slug", "=", "garden-1").execute();
      expect(await db.selectFrom("postTags").selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
