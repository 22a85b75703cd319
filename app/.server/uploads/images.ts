import { fork } from "node:child_process";
import { createRequire } from "node:module";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import type { ImageJob, ImageReply } from "./image-process.ts";
import { storage } from "./storage/index.ts";
import { forgetUpload, lockUpload } from "./upload-quota.ts";

/** An image the site refuses, with the reason in words a person can act on. */
export class ImageRejected extends Error {
  override name = "ImageRejected";
}

/**
 * The image process's file, named in package.json's `imports`: found the same way from the
 * sources and from the bundled build, whose modules are elsewhere.
 */
const imageProcessFile = createRequire(import.meta.url).resolve("#image-process");
/** Far longer than the largest image takes (a few seconds): a process still busy then is stuck. */
const imageProcessTimeoutMs = 60_000;

/**
 * Makes an image's variants in a process of its own (`image-process.ts`), which exits once it
 * has answered: sharp and libvips never load into the server, whose memory stays that of a
 * server answering pages (decision 040). Starting it and loading sharp take about a third
 * of a second, next to the seconds a photo takes.
 */
function makeVariants(input: Buffer | string): Promise<ImageReply> {
  return new Promise((resolve, reject) => {
    // Node's own options only: the server's heap flags and a test runner's loaders are not its.
    const child = fork(imageProcessFile, { execArgv: [], serialization: "advanced" });
    let reply: ImageReply | undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, imageProcessTimeoutMs);
    child.once("message", (message: ImageReply) => {
      reply = message;
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (reply) return resolve(reply);
      const how = timedOut
        ? `was stopped after ${imageProcessTimeoutMs / 1000} s`
        : `stopped (${signal ?? `exit code ${code}`})`;
      reject(new Error(`the image process ${how} before it answered`));
    });
    child.send({ input } satisfies ImageJob);
  });
}

/**
 * Checks what a file really is and makes its variants (`image-process.ts`), then stores them
 * and records the image: every variant is stored before its row commits.
 */
export async function processImage(
  db: Db,
  id: string,
  input: Buffer | string,
  userId: string | null,
): Promise<ImageInfo> {
  const reply = await makeVariants(input);
  if ("rejected" in reply) throw new ImageRejected(reply.rejected);
  if ("failed" in reply) throw new Error(`the image process failed: ${reply.failed}`);
  const image = { id, ...reply.made };
  const store = await storage();
  try {
    for (const variant of reply.variants) {
      await store.put(`${id}/${variant.name}`, variant.bytes, variant.contentType);
    }
    // Only once every variant is on disk (or in the bucket) does the image's row commit.
    if (await recordImage(db, image, userId)) return image;
  } catch (error) {
    // Nothing half-made is left behind.
    await store.remove(id).catch(() => {});
    throw error;
  }
  await store.remove(id);
  throw new ImageRejected("This upload expired before it was processed. Upload the image again.");
}

/** Processes a user's upload (see reserveUpload): one refused or failed no longer counts against them. */
export async function processUpload(db: Db, id: string, input: Buffer, userId: string): Promise<ImageInfo> {
  try {
    return await processImage(db, id, input, userId);
  } catch (error) {
    await forgetUpload(db, id);
    throw error;
  } finally {
    collectAfterImage();
  }
}

/**
 * An image leaves megabytes of buffers in the server (the file's bytes, the copy sent to its
 * process, the variants) that V8 frees only at its next full collection, which an idle server
 * may not make for a long time: one is asked for (`--expose-gc`, decision 040) once the
 * caller has let go of them too. It takes milliseconds, next to the seconds an image takes.
 */
function collectAfterImage() {
  setImmediate(() => (globalThis as { gc?: () => void }).gc?.());
}

/** Records a processed image; false when it was a user's upload the sweep has since given up on. */
async function recordImage(db: Db, image: ImageInfo, userId: string | null): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (userId !== null && !(await lockUpload(trx, image.id))) return false;
    await trx
      .insertInto("images")
      .values({ ...image, userId, createdAt: Date.now() })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
    return true;
  });
}

export async function getImage(db: Db, id: string) {
  return db.selectFrom("images").selectAll().where("id", "=", id).executeTakeFirst();
}

/** An image a user may use as a cover: one they uploaded, that finished processing. */
export async function ownImage(db: Db, id: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("images")
    .select("id")
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return Boolean(row);
}
