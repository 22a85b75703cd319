import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edit, published, signedUp, uploadCover } from "../support/author.ts";
import { backdateImages, graceSeconds, sweepWaitMs } from "../support/image-age.ts";
import { photoJpeg } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { storedFor } from "../support/stored-objects.ts";
import { tusUpload } from "../support/tus.ts";
import { Visitor } from "../support/visitor.ts";

describe("the sweep of images no post uses", () => {
  let server: RunningServer;
  let author: Visitor;

  beforeAll(async () => {
    server = await startServer({ UNUSED_IMAGE_GRACE_SECONDS: String(graceSeconds) });
    author = await signedUp(server.url, "sweeper@example.com");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (coverImageId: string) => ({ title: "Swept clean", content: "Words.", coverImageId });

  const variantStatus = async (id: string) => (await fetch(`${server.url}/images/${id}/640.webp`)).status;

  it("removes replaced covers, deleted posts' covers and uploads never used or never finished, and nothing else", async () => {
    const replaced = await uploadCover(author);
    const kept = await published(author, post(replaced));
    const replacement = await uploadCover(author);
    expect((await edit(author, kept, post(replacement))).status).toBe(303);

    const ofDeletedPost = await uploadCover(author);
    const deleted = await published(author, post(ofDeletedPost));
    expect((await author.post(`/edit-post/${deleted}?delete`, {})).status).toBe(303);

    const neverUsed = await uploadCover(author);
    // Begun, a first chunk sent, then left.
    const photo = await photoJpeg(900, 600);
    let unfinished = "";
    await new Promise<void>((resolve) => {
      void tusUpload(server.url, photo, {
        cookie: author.cookieHeader,
        chunkSize: 64 * 1024,
        onProgress: (_sent, request) => {
          if (!request.url) return;
          unfinished = request.url.split("/").pop() as string;
          void request.abort();
          resolve();
        },
      });
    });
    expect(await storedFor(server, unfinished)).not.toEqual([]);

    const removed = [replaced, ofDeletedPost, neverUsed, unfinished];
    const db = serverDatabase(server);
    await backdateImages(db, [...removed, replacement]);
    await expect
      .poll(async () => (await Promise.all(removed.map((id) => storedFor(server, id)))).flat(), {
        timeout: sweepWaitMs,
        interval: 500,
      })
      .toEqual([]);
    for (const id of [replaced, ofDeletedPost, neverUsed]) expect(await variantStatus(id)).toBe(404);

    // The cover in use stays, whatever its age.
    expect(await variantStatus(replacement)).toBe(200);
    expect((await new Visitor(server.url).get(`/blog/${kept}`)).status).toBe(200);
    // The author's unused bytes went with them.
    expect((await db.selectFrom("uploads").select("id").execute()).map((row) => row.id)).toEqual([
      replacement,
    ]);
    await db.destroy();
  });
});
