import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { autosave, autosaveNewPost, otherVersion, pendingWork } from "~/.server/posts/autosave.ts";
import { textImagesOf } from "~/.server/posts/post-images.ts";
import {
  contentVersion,
  createPost,
  getPost,
  latestPosts,
  type Post,
  type PostInput,
  restoreRevision,
  updatePost,
} from "~/.server/posts/posts.ts";
import { dropPendingAutosaves, listRevisions, pendingAutosave } from "~/.server/posts/revisions.ts";
import { cover, dialects, storeCover, type TestDatabase } from "../support/databases.ts";

const author = { id: "u1", email: "author@example.com" };
const published: PostInput = {
  title: "The corner shop",
  content: "Open since 1921.",
  coverImageId: cover.id,
  tags: ["history"],
};
const draft: PostInput = { ...published, status: "draft" };

const revisionRows = (db: Db, slug: string) =>
  db.selectFrom("postRevisions").select(["kind", "content"]).where("slug", "=", slug).orderBy("id").execute();

describe.each(dialects)("autosave on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
    await storeCover(t.db, cover);
    // better-auth's table, which the server makes itself: revisions read addresses from it.
    await sql`create table "user" (id varchar(255) primary key, email varchar(320) not null)`.execute(t.db);
    await sql`insert into "user" (id, email) values (${author.id}, ${author.email})`.execute(t.db);
  });
  afterEach(async () => {
    await t.close();
  });

  const postOf = async (slug: string) => (await getPost(t.db, slug)) as Post;
  const versionsOf = (post: Post) => ({ basedOn: post.savedAt.getTime(), pendingAt: null });

  it("saves into a draft, keeps a run of autosaves as one revision, and changes nothing public", async () => {
    const slug = await createPost(t.db, draft, author.id);
    const versionBefore = await contentVersion(t.db);
    let post = await postOf(slug);
    const first = await autosave(
      t.db,
      post,
      { ...draft, content: "Open since 1921. Still" },
      author,
      versionsOf(post),
    );
    expect(first).toMatchObject({ saved: true, slug, pendingAt: null });
    post = await postOf(slug);
    expect([post.content, post.status]).toEqual(["Open since 1921. Still", "draft"]);
    expect(first?.saved && first.basedOn).toBe(post.savedAt.getTime());
    const second = await autosave(
      t.db,
      post,
      { ...draft, content: "Open since 1921. Still open." },
      author,
      versionsOf(post),
    );
    expect(second?.saved).toBe(true);
    expect(await revisionRows(t.db, slug)).toEqual([
      { kind: "save", content: "Open since 1921." },
      { kind: "autosave", content: "Open since 1921. Still open." },
    ]);
    // The newest revision is the current version, as the revisions page expects.
    expect((await listRevisions(t.db, slug))[0]?.content).toBe("Open since 1921. Still open.");
    expect(await contentVersion(t.db)).toBe(versionBefore);
    // A save after the autosaves is a revision of its own.
    await updatePost(t.db, slug, { ...draft, content: "Final." }, { savedBy: author.id });
    expect((await revisionRows(t.db, slug)).map((row) => row.kind)).toEqual(["save", "autosave", "save"]);
  });

  it("keeps a published post's work aside until it is saved: the post, its listings and its revisions are unchanged", async () => {
    const slug = await createPost(t.db, published, author.id);
    const post = await postOf(slug);
    const versionBefore = await contentVersion(t.db);
    const reply = await autosave(
      t.db,
      post,
      { ...draft, content: "Open since 1921, closed on Sundays." },
      author,
      versionsOf(post),
    );
    if (!reply?.saved) throw new Error("not saved");
    expect(reply.basedOn).toBe(post.savedAt.getTime());
    expect(reply.pendingAt).toBe(reply.savedAt);
    const after = await postOf(slug);
    expect([after.content, after.status, after.savedAt]).toEqual([
      "Open since 1921.",
      "published",
      post.savedAt,
    ]);
    expect((await latestPosts(t.db, 5)).map((p) => p.content)).toEqual(["Open since 1921."]);
    expect(await contentVersion(t.db)).toBe(versionBefore);
    expect((await listRevisions(t.db, slug)).map((r) => r.content)).toEqual(["Open since 1921."]);
    expect(await pendingAutosave(t.db, slug)).toMatchObject({
      content: "Open since 1921, closed on Sundays.",
      kind: "autosave",
      status: "published",
      savedBy: author.id,
    });
    // The next autosave from the same editor replaces it: one pending autosave at a time.
    const next = await autosave(t.db, post, { ...draft, content: "Closed on Sundays and Mondays." }, author, {
      basedOn: reply.basedOn,
      pendingAt: reply.pendingAt,
    });
    expect(next?.saved).toBe(true);
    expect((await revisionRows(t.db, slug)).map((row) => row.content)).toEqual([
      "Open since 1921.",
      "Closed on Sundays and Mondays.",
    ]);
    // Not restorable from the revisions page: it is offered in the editor.
    const pending = await pendingAutosave(t.db, slug);
    expect(await restoreRevision(t.db, post, pending?.id ?? 0, author, { status: "published" })).toBe(
      "no such revision",
    );
    // Saving the post supersedes it.
    await updatePost(
      t.db,
      slug,
      { ...published, content: "Closed on Sundays and Mondays." },
      { savedBy: author.id },
    );
    expect(await pendingAutosave(t.db, slug)).toBeUndefined();
    expect((await revisionRows(t.db, slug)).map((row) => row.kind)).toEqual(["save", "save"]);
  });

  it("never lets one tab's autosave overwrite another's: the later is shown the other version", async () => {
    const slug = await createPost(t.db, published, author.id);
    const post = await postOf(slug);
    const tabA = await autosave(t.db, post, { ...draft, content: "Tab A" }, author, versionsOf(post));
    expect(tabA?.saved).toBe(true);
    // Tab B opened the post before tab A wrote: it knows no pending autosave.
    const tabB = await autosave(t.db, post, { ...draft, content: "Tab B" }, author, versionsOf(post));
    expect(tabB).toEqual({
      saved: false,
      conflict: expect.objectContaining({
        content: "Tab A",
        basedOn: post.savedAt.getTime(),
        pendingAt: tabA?.saved && tabA.pendingAt,
        savedBy: "author@example.com",
      }),
    });
    // A save of the post elsewhere: the pending autosave's editor is shown the saved post.
    await updatePost(t.db, slug, { ...published, content: "Saved elsewhere" });
    const stale = await autosave(t.db, post, { ...draft, content: "Tab A again" }, author, {
      basedOn: post.savedAt.getTime(),
      pendingAt: tabA?.saved ? tabA.pendingAt : null,
    });
    expect(stale?.saved === false && "conflict" in stale && stale.conflict.content).toBe("Saved elsewhere");
    // Choosing to keep theirs' versions, the next autosave goes through.
    if (stale?.saved !== false || !("conflict" in stale)) throw new Error("no conflict");
    const kept = await autosave(
      t.db,
      await postOf(slug),
      { ...draft, content: "Tab A again" },
      author,
      stale.conflict,
    );
    expect(kept?.saved).toBe(true);
  });

  it.each(["draft", "published"] as const)(
    "of two autosaves of a %s post at once, one is saved",
    async (status) => {
      const slug = await createPost(t.db, { ...published, status }, author.id);
      const post = await postOf(slug);
      const replies = await Promise.all(
        ["One", "Two", "Three"].map((content) =>
          autosave(t.db, post, { ...draft, content }, author, versionsOf(post)),
        ),
      );
      expect(replies.filter((reply) => reply?.saved)).toHaveLength(1);
      expect(replies.filter((reply) => reply && !reply.saved)).toHaveLength(2);
      const kept =
        status === "draft" ? (await postOf(slug)).content : (await pendingAutosave(t.db, slug))?.content;
      const winner = replies.findIndex((reply) => reply?.saved);
      expect(kept).toBe(["One", "Two", "Three"][winner]);
    },
  );

  it("makes a new post a draft at its first autosave, once for the same form however often it is sent", async () => {
    const first = await autosaveNewPost(t.db, { ...draft, content: "First words" }, author, "a".repeat(32));
    if (!first?.saved) throw new Error("not saved");
    expect(await postOf(first.slug)).toMatchObject({
      status: "draft",
      content: "First words",
      userId: author.id,
    });
    // The same first request again (its answer lost on the way): no second post, the newer text kept.
    const again = await autosaveNewPost(
      t.db,
      { ...draft, content: "First words, more" },
      author,
      "a".repeat(32),
    );
    expect(again).toMatchObject({ saved: true, slug: first.slug });
    const posts = await t.db.selectFrom("posts").select(["slug", "content"]).execute();
    expect(posts).toEqual([{ slug: first.slug, content: "First words, more" }]);
  });

  it("offers a pending autosave back with its cover when it is another, and says whose it is", async () => {
    await t.db
      .insertInto("images")
      .values({ id: "cover-b", width: 800, height: 600, fallback: "png", userId: author.id, createdAt: 0 })
      .execute();
    const slug = await createPost(t.db, published, author.id);
    const post = await postOf(slug);
    await autosave(
      t.db,
      post,
      { ...draft, content: "New cover", coverImageId: "cover-b" },
      author,
      versionsOf(post),
    );
    expect(await pendingWork(t.db, post, author.id)).toMatchObject({
      content: "New cover",
      savedBy: null,
      cover: { id: "cover-b", width: 800, height: 600, fallback: "png" },
    });
    expect((await pendingWork(t.db, post, "an-owner"))?.savedBy).toBe("author@example.com");
    // Its cover gone (swept since), it is offered without one: the post keeps its own.
    await t.db.deleteFrom("images").where("id", "=", "cover-b").execute();
    expect((await pendingWork(t.db, post, author.id))?.cover).toBeNull();
  });

  it("keeps the images a pending autosave shows from the sweep, releasing none the post still shows", async () => {
    await t.db
      .insertInto("images")
      .values(
        ["shown", "added"].map((id) => ({
          id,
          width: 900,
          height: 600,
          fallback: "jpeg" as const,
          userId: author.id,
          createdAt: 0,
        })),
      )
      .execute();
    const picture = (id: string) => `![A photo](/images/${id}/900.jpg)`;
    const slug = await createPost(t.db, { ...published, content: picture("shown") }, author.id);
    const post = await postOf(slug);
    await autosave(t.db, post, { ...draft, content: picture("added") }, author, versionsOf(post));
    const images = () =>
      t.db
        .selectFrom("images")
        .select(["id", "releasedAt"])
        .where("id", "in", ["shown", "added"])
        .orderBy("id")
        .execute();
    expect((await textImagesOf(t.db, slug)).map(({ id }) => id).sort()).toEqual(["added", "shown"]);
    expect(await images()).toEqual([
      { id: "added", releasedAt: null },
      { id: "shown", releasedAt: null },
    ]);
    // Saved without the first picture: that one is released, as any save releases what it stops showing.
    await updatePost(t.db, slug, { ...published, content: picture("added") }, { savedBy: author.id });
    expect((await textImagesOf(t.db, slug)).map(({ id }) => id)).toEqual(["added"]);
    expect((await images()).map((row) => row.releasedAt === null)).toEqual([true, false]);
  });

  it("discards a pending autosave the writer chose not to restore, and only that one", async () => {
    const slug = await createPost(t.db, published, author.id);
    const post = await postOf(slug);
    const reply = await autosave(t.db, post, { ...draft, content: "Aside" }, author, versionsOf(post));
    if (!reply?.saved) throw new Error("not saved");
    await dropPendingAutosaves(t.db, slug, post.savedAt.getTime(), reply.savedAt + 1);
    expect(await pendingAutosave(t.db, slug)).toBeDefined();
    await dropPendingAutosaves(t.db, slug, post.savedAt.getTime(), reply.savedAt);
    expect(await pendingAutosave(t.db, slug)).toBeUndefined();
    expect(await otherVersion(t.db, slug)).toMatchObject({ content: "Open since 1921.", pendingAt: null });
  });
});
