import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoJpeg } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { storedFor } from "../support/stored-objects.ts";
import { tusUpload } from "../support/tus.ts";
import { Visitor } from "../support/visitor.ts";

/** Short enough to wait out in a test, long enough to upload an image and publish it first. */
const graceSeconds = 6;

describe("the sweep of images no post uses", () => {
  let server: RunningServer;
  let author: Visitor;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startServer({ UNUSED_IMAGE_GRACE_SECONDS: String(graceSeconds) });
    author = new Visitor(server.url);
    await author.register("sweeper@example.com", "jacaranda-1921");
    await author.logIn("sweeper@example.com", "jacaranda-1921");
    photo = await photoJpeg(900, 600);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function uploaded(): Promise<string> {
    const outcome = await tusUpload(server.url, photo, { cookie: author.cookieHeader });
    if (!outcome.id) throw new Error(`upload failed: ${outcome.status} ${outcome.message}`);
    return outcome.id;
  }

  async function publish(coverImageId: string): Promise<string> {
    const form = await (await author.get("/create-post")).text();
    const submissionId = form.match(/name="submissionId" value="([0-9a-f]+)"/)?.[1] ?? "";
    await author.post("/create-post", {
      submissionId,
      title: "Swept clean",
      content: "Words.",
      coverImageId,
    });
    const dashboard = await (await author.get("/dashboard")).text();
    return decodeURIComponent(dashboard.match(/href="\/edit-post\/([^"]+)"/)?.[1] as string);
  }

  const variantStatus = async (id: string) => (await fetch(`${server.url}/images/${id}/900.webp`)).status;

  it("removes replaced covers, deleted posts' covers and uploads never used or never finished, and nothing else", async () => {
    const replaced = await uploaded();
    const kept = await publish(replaced);
    const replacement = await uploaded();
    const edit = await author.post(`/edit-post/${kept}`, {
      title: "Swept clean",
      content: "Words.",
      coverImageId: replacement,
    });
    expect(edit.status).toBe(303);

    const ofDeletedPost = await uploaded();
    const deleted = await publish(ofDeletedPost);
    expect((await author.post(`/edit-post/${deleted}?delete`, {})).status).toBe(303);

    const neverUsed = await uploaded();
    // Begun, a first chunk sent, then left.
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
    await expect
      .poll(async () => (await Promise.all(removed.map((id) => storedFor(server, id)))).flat(), {
        timeout: (graceSeconds + 20) * 1000,
        interval: 500,
      })
      .toEqual([]);
    for (const id of [replaced, ofDeletedPost, neverUsed]) expect(await variantStatus(id)).toBe(404);

    // The cover in use stays, whatever its age.
    expect(await variantStatus(replacement)).toBe(200);
    expect((await new Visitor(server.url).get(`/blog/${kept}`)).status).toBe(200);
    // The author's unused bytes went with them.
    const db = serverDatabase(server);
    expect((await db.selectFrom("uploads").select("id").execute()).map((row) => row.id)).toEqual([
      replacement,
    ]);
    await db.destroy();
  });
});
