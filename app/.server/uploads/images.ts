import type { Metadata, OutputInfo } from "sharp";
import {
  type Fallback,
  type ImageInfo,
  variantContentType,
  variantName,
  widthsFor,
} from "~/uploads/image-variants.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { storage } from "./storage/index.ts";
import { forgetUpload, lockUpload } from "./upload-quota.ts";

/** Images above this many pixels are refused (a small file can decode to gigabytes). */
export const maxPixels = 40_000_000;
/**
 * The tallest and the widest shapes taken (covers are 1260×750): height at most twice the
 * width, width at most four times the height. Every variant fits in a box its width wide and
 * twice that high, so none holds more than 1260×2520 pixels whatever was sent.
 */
const maxHeightPerWidth = 2;
const maxWidthPerHeight = 4;
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "heif"]);

/** sharp (and libvips with it) loads with the first image, so a server only visitors use never carries it. */
async function loadSharp() {
  const { default: sharp } = await import("sharp");
  // One libvips thread per operation leaves the other core free to answer page requests.
  sharp.concurrency(1);
  // Each image is processed once: a cache of finished operations would only hold memory.
  sharp.cache(false);
  return sharp;
}

/** An image the site refuses, with the reason in words a person can act on. */
export class ImageRejected extends Error {
  override name = "ImageRejected";
}

async function inspect(input: Buffer | string): Promise<Metadata> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected("This file is not an image. Choose a JPEG, PNG, WebP, AVIF or GIF file.");
  }
}

/**
 * Checks what a file really is (by decoding it, never by its name), then stores its variants:
 * each width in AVIF, WebP and a JPEG or PNG fallback, upright and without metadata.
 */
export async function processImage(
  db: Db,
  id: string,
  input: Buffer | string,
  userId: string | null,
): Promise<ImageInfo> {
  const sharp = await loadSharp();
  const metadata = await inspect(input);
  if (metadata.format === "svg")
    throw new ImageRejected("SVG images are not accepted. Choose a JPEG, PNG, WebP, AVIF or GIF file.");
  const isAvif = metadata.format !== "heif" || metadata.compression === "av1";
  if (!acceptedFormats.has(metadata.format ?? "") || !isAvif) {
    throw new ImageRejected("This image format is not accepted. Choose a JPEG, PNG, WebP, AVIF or GIF file.");
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) {
    throw new ImageRejected("This image has too many pixels (at most 40 megapixels).");
  }
  // The shape as shown, after the camera's orientation is applied.
  const shown = metadata.autoOrient;
  if (shown.height > shown.width * maxHeightPerWidth) {
    throw new ImageRejected(
      "This image is too tall: its height can be at most twice its width. Crop it, then upload it again.",
    );
  }
  if (shown.width > shown.height * maxWidthPerHeight) {
    throw new ImageRejected(
      "This image is too wide: its width can be at most four times its height. Crop it, then upload it again.",
    );
  }

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(input, { failOn: "truncated", limitInputPixels: maxPixels })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejected("This image is damaged or incomplete. Try saving it again and re-uploading.");
  }
  const { width, height, channels } = decoded.info;
  const fallback: Fallback = metadata.hasAlpha ? "png" : "jpeg";
  const raw = () => sharp(decoded.data, { raw: { width, height, channels } });

  const image = { id, width, height: Math.round(height), fallback };
  const store = await storage();
  try {
    for (const w of widthsFor(width)) {
      // Fitted in a box as well as to the width: no variant can be taller than the shape limit allows.
      const resized = await raw()
        .resize({ width: w, height: w * maxHeightPerWidth, fit: "inside" })
        .toBuffer({ resolveWithObject: true });
      const source = () => sharp(resized.data, { raw: resized.info });
      const outputs = [
        ["avif", source().avif({ quality: 50, effort: 2 })],
        ["webp", source().webp({ quality: 75 })],
        [
          fallback,
          fallback === "png"
            ? source().png({ compressionLevel: 9 })
            : source().jpeg({ quality: 80, mozjpeg: true }),
        ],
      ] as const;
      for (const [format, pipeline] of outputs) {
        await store.put(
          `${id}/${variantName(w, format)}`,
          await pipeline.toBuffer(),
          variantContentType(format),
        );
      }
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
 * An image leaves tens of megabytes of buffers (the decoded pixels, each width) that V8 frees
 * only at its next full collection, which an idle server may not make for a long time: one
 * is asked for (`--expose-gc`, decision 040) once the caller has let go of them too. It
 * takes milliseconds, next to the seconds an image takes.
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
