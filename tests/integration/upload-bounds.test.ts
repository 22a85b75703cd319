import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/.server/config.ts";
import { createPost, deletePost, updatePost } from "~/.server/posts/posts.ts";
import { ImageRejected, processImage } from "~/.server/uploads/images.ts";
import { sweepUnusedImages } from "~/.server/uploads/unused-images.ts";
import { withLease } from "~/.server/uploads/upload-locks.ts";
import { maxUnusedBytes, reserveUpload } from "~/.server/uploads/upload-quota.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";
import { photoJpeg } from "../support/images.ts";

const hour = 60 * 60 * 1000;
const grace = 24 * hour;
const megabyte = 1024 * 1024;

describe.each(dialects)("upload bounds on $name", (dialect) => {
  let t: TestDatabase;
  let photo: Buffer;
  let imagesDir: string;

  beforeAll(async () => {
    // The image store of these tests: a folder of their own.
    process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "wm-bounds-"));
    imagesDir = path.join(config().dataDir, "images");
    photo = await photoJpeg(500, 400);
  });
  beforeEach(async () => {
    t = await dialect.open();
  });
  afterEach(async () => {
    await t.close();
  });

  const reserve = (id: string, bytes: number, now = Date.now()) =>
    reserveUpload(t.db, { id, userId: "writer", bytes }, grace, now);

  /** An upload as it stands once processed: recorded, then turned into an image. */
  async function processed(id: string, now = Date.now()): Promise<void> {
    expect(await reserve(id, photo.length, now)).toBeNull();
    await processImage(t.db, id, photo, "writer");
    await t.db.updateTable("images").set({ createdAt: now }).where("id", "=", id).execute();
  }

  const imageIds = async () => (await t.db.selectFrom("images").select("id").execute()).map((row) => row.id);

  it("counts what no post uses against the user's 100 MB, and what a post uses not", async () => {
    for (const id of ["a", "b", "c", "d", "e"]) expect(await reserve(id, 20 * megabyte)).toBeNull();
    const refused = await reserve("f", 1);
    expect(refused?.message).toContain(`can add up to ${maxUnusedBytes / megabyte} MB`);
    // The oldest unused upload is removed a day after it was begun.
    expect(refused?.retryAfterSeconds).toBeGreaterThan(grace / 1000 - 60);

    await t.db
      .insertInto("images")
      .values({ id: "a", userId: "writer", width: 500, height: 400, fallback: "jpeg", createdAt: Date.now() })
      .execute();
    const slug = await createPost(t.db, { title: "Used", content: "Words.", coverImageId: "a" }, "writer");
    expect(await reserve("f", 20 * megabyte)).toBeNull();
    expect(await reserve("g", 1)).not.toBeNull();
    await deletePost(t.db, slug);
    await t.db.deleteFrom("uploads").where("id", "=", "f").execute();
    expect(await reserve("g", 1)).not.toBeNull();
  });

  it("lets one sweeper at a time run, on any number of instances", async () => {
    let running = 0;
    let most = 0;
    // The holder keeps the lease until the others have been turned away (however slow the
    // machine), or for 5 s should a second sweeper wrongly be running beside it.
    let refused = 0;
    let othersTurnedAway = () => {};
    const turnedAway = new Promise<void>((resolve) => {
      othersTurnedAway = resolve;
    });
    const sweep = async () => {
      most = Math.max(most, ++running);
      await Promise.race([turnedAway, new Promise((resolve) => setTimeout(resolve, 5000))]);
      running--;
    };
    const turns = await Promise.all(
      [1, 2, 3].map(async () => {
        const turn = await withLease(t.db, "sweep:unused-images", sweep);
        if (!turn && ++refused === 2) othersTurnedAway();
        return turn;
      }),
    );
    expect(turns.filter(Boolean)).toHaveLength(1);
    expect(most).toBe(1);
    expect(await withLease(t.db, "sweep:unused-images", sweep)).toBe(true);
  });

  it("keeps an unused image for the grace period, then removes its row, its files and its upload", async () => {
    const created = Date.now();
    await processed("kept-a-while", created);
    expect(existsSync(path.join(imagesDir, "kept-a-while", "500.webp"))).toBe(true);
    expect(await sweepUnusedImages(t.db, grace, created + grace - 1000)).toEqual({ images: 0, uploads: 0 });
    expect(await imageIds()).toEqual(["kept-a-while"]);
    expect(await sweepUnusedImages(t.db, grace, created + grace + 1000)).toEqual({ images: 1, uploads: 1 });
    expect(await imageIds()).toEqual([]);
    expect(await t.db.selectFrom("uploads").selectAll().execute()).toEqual([]);
    expect(existsSync(path.join(imagesDir, "kept-a-while"))).toBe(false);
  });

  it("never removes a cover in use, and counts a replaced cover's grace from its replacement", async () => {
    const created = Date.now();
    await processed("first-cover", created);
    await processed("second-cover", created);
    const slug = await createPost(
      t.db,
      { title: "Covered", content: "Words.", coverImageId: "first-cover" },
      "writer",
    );
    const replaced = created + 10 * grace;
    await updatePost(
      t.db,
      slug,
      { title: "Covered", content: "Words.", coverImageId: "second-cover" },
      { now: new Date(replaced) },
    );
    expect(await sweepUnusedImages(t.db, grace, replaced + grace - 1000)).toEqual({ images: 0, uploads: 0 });
    expect(await sweepUnusedImages(t.db, grace, replaced + grace + 1000)).toEqual({ images: 1, uploads: 1 });
    expect(await imageIds()).toEqual(["second-cover"]);
    expect(existsSync(path.join(imagesDir, "second-cover", "500.webp"))).toBe(true);
  });

  it("gives up an upload never processed, and processing then refuses it and leaves no files", async () => {
    const begun = Date.now() - 2 * grace;
    expect(await reserve("abandoned", photo.length, begun)).toBeNull();
    expect(await sweepUnusedImages(t.db, grace)).toEqual({ images: 0, uploads: 1 });
    expect(await t.db.selectFrom("uploads").selectAll().execute()).toEqual([]);
    const late = processImage(t.db, "abandoned", photo, "writer");
    await expect(late).rejects.toBeInstanceOf(ImageRejected);
    await expect(late).rejects.toThrow("This upload expired before it was processed.");
    expect(await imageIds()).toEqual([]);
    expect(existsSync(path.join(imagesDir, "abandoned"))).toBe(false);
  });
});
