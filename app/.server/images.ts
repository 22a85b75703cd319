import type { Metadata, OutputInfo } from "sharp";
import {
  type Fallback,
  type ImageInfo,
  variantContentType,
  variantName,
  widthsFor,
} from "~/lib/image-variants.ts";
import type { Db } from "./db/database.ts";
import { storage } from "./storage/index.ts";

/** Images above this many pixels are refused (a small file can decode to gigabytes). */
export const maxPixels = 40_000_000;
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

  const store = await storage();
  for (const w of widthsFor(width)) {
    const resized = await raw().resize({ width: w }).toBuffer({ resolveWithObject: true });
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

  const image = { id, width, height: Math.round(height), fallback };
  await db
    .insertInto("images")
    .values({ ...image, userId, createdAt: Date.now() })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  return image;
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
