import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { textImagesBySlug, textImagesOf } from "~/.server/posts/post-images.ts";
import { createPost, deletePost, saveEdit, updatePost } from "~/.server/posts/posts.ts";
import { sweepUnusedImages } from "~/.server/uploads/unused-images.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const day = 24 * 3_600_000;
const image = (id: string, userId: string) => ({
  id,
  userId,
  width: 900,
  height: 600,
  fallback: "jpeg" as const,
  // Uploaded long ago: only being used keeps it from the sweep.
  createdAt: Date.now() - 30 * day,
});
const shown = (id: string) => `![Photo ${id}](/images/${id}/900.jpg)`;
const cover = "author-cover";

/** Images inside a post's text (decision 037): recorded per post, kept from the sweep, the author's own only. */
describe.each(dialects)("images in a post's text on $name", (dialect) => {
  let t: TestDatabase;
  beforeAll(() => {
    // The image store the sweep removes files from: a folder of these tests' own.
    process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "wm-post-images-"));
  });
  beforeEach(async () => {
    t = await dialect.open();
    await t.db
      .insertInto("images")
      .values([
        image(cover, "author"),
        image("mine", "author"),
        image("second", "author"),
        image("theirs", "stranger"),
        image("owners", "owner"),
      ])
      .execute();
  });
  afterEach(async () => {
    await t.close();
  });

  const recorded = async (slug: string) => (await textImagesOf(t.db, slug)).map(({ id }) => id);
  const remaining = async () =>
    (await t.db.selectFrom("images").select("id").orderBy("id").execute()).map((row) => row.id);

  it("records the author's images the text shows, never another person's, and the sweep keeps them", async () => {
    const slug = await createPost(
      t.db,
      { title: "Inside", content: `${shown("mine")}\n\n${shown("theirs")}`, coverImageId: cover },
      "author",
    );
    expect(await recorded(slug)).toEqual(["mine"]);
    expect(await textImagesOf(t.db, slug)).toEqual([
      { id: "mine", width: 900, height: 600, fallback: "jpeg" },
    ]);
    await sweepUnusedImages(t.db, day);
    // Another person's image is not kept alive by being named: it goes like any unused one.
    expect(await remaining()).toEqual([cover, "mine"]);
  });

  it("keeps what an owner's edit adds of their own and what the post already showed, and releases what it drops", async () => {
    const slug = await createPost(
      t.db,
      { title: "Edited", content: shown("mine"), coverImageId: cover },
      "author",
    );
    const owner = { id: "owner", email: "owner@example.com" };
    const post = { slug, title: "Edited", userId: "author" };
    const input = { title: "Edited", coverImageId: cover };
    expect(
      await saveEdit(
        t.db,
        post,
        { ...input, content: `${shown("mine")} ${shown("owners")} ${shown("theirs")}` },
        owner,
      ),
    ).toBe("saved");
    expect((await recorded(slug)).sort()).toEqual(["mine", "owners"]);

    const dropped = Date.now();
    expect(await updatePost(t.db, slug, { ...input, content: shown("owners") }, { savedBy: "author" })).toBe(
      "saved",
    );
    expect(await recorded(slug)).toEqual(["owners"]);
    // The dropped image has the grace period from its release, then goes.
    await sweepUnusedImages(t.db, day, dropped + day - 1000);
    expect(await remaining()).toContain("mine");
    await sweepUnusedImages(t.db, day, dropped + day + 60_000);
    expect(await remaining()).not.toContain("mine");
    expect(await remaining()).toContain("owners");
  });

  it("lists each post's images, and releases them with the post", async () => {
    const first = await createPost(
      t.db,
      { title: "One", content: `${shown("mine")} ${shown("second")}`, coverImageId: cover },
      "author",
    );
    const second = await createPost(
      t.db,
      { title: "Two", content: "No pictures.", coverImageId: cover },
      "author",
    );
    const listed = await textImagesBySlug(t.db, [first, second]);
    expect(listed.get(first)?.map(({ id }) => id)).toEqual(["mine", "second"]);
    expect(listed.get(second)).toBeUndefined();
    await deletePost(t.db, first);
    expect(await recorded(first)).toEqual([]);
    const released = await t.db
      .selectFrom("images")
      .select("releasedAt")
      .where("id", "=", "mine")
      .executeTakeFirst();
    expect(Number(released?.releasedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});
