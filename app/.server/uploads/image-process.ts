/**
 * The process that turns one image into its variants (decision 040). `processImage` starts it
 * for each image, sends it the file and stores what it answers; it then exits, so sharp and
 * libvips, their code and their working memory, never enter the server's process. Node runs
 * this file as it is, from the sources or beside a build: relative imports and erasable
 * TypeScript only.
 */
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { type Fallback, variantContentType, variantName, widthsFor } from "../../uploads/image-variants.ts";

/** What the server sends: the file's bytes (or its path). */
export interface ImageJob {
  input: Buffer | string;
}

export interface Variant {
  /** The file's name in the image's folder. */
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** What the process answers: the variants, why the image is refused, or what went wrong. */
export type ImageReply =
  | { made: { width: number; height: number; fallback: Fallback }; variants: Variant[] }
  | { rejected: string }
  | { failed: string };

/** Images above this many pixels are refused (a small file can decode to gigabytes). */
const maxPixels = 40_000_000;
/**
 * The tallest and the widest shapes taken (covers are 1260×750): height at most twice the
 * width, width at most four times the height. Every variant fits in a box its width wide and
 * twice that high, so none holds more than 1260×2520 pixels whatever was sent.
 */
const maxHeightPerWidth = 2;
const maxWidthPerHeight = 4;
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "heif"]);

/** Why an image is refused, in words a person can act on; undefined when it may be processed. */
function refusal(metadata: Metadata): string | undefined {
  if (metadata.format === "svg")
    return "SVG images are not accepted. Choose a JPEG, PNG, WebP, AVIF or GIF file.";
  const isAvif = metadata.format !== "heif" || metadata.compression === "av1";
  if (!acceptedFormats.has(metadata.format ?? "") || !isAvif) {
    return "This image format is not accepted. Choose a JPEG, PNG, WebP, AVIF or GIF file.";
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) {
    return "This image has too many pixels (at most 40 megapixels).";
  }
  // The shape as shown, after the camera's orientation is applied.
  const shown = metadata.autoOrient;
  if (shown.height > shown.width * maxHeightPerWidth) {
    return "This image is too tall: its height can be at most twice its width. Crop it, then upload it again.";
  }
  if (shown.width > shown.height * maxWidthPerHeight) {
    return "This image is too wide: its width can be at most four times its height. Crop it, then upload it again.";
  }
  return undefined;
}

/**
 * Checks what a file really is (by decoding it, never by its name), then makes its variants:
 * each width in AVIF, WebP and a JPEG or PNG fallback, upright and without metadata.
 */
async function variantsOf(input: Buffer | string): Promise<ImageReply> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { rejected: "This file is not an image. Choose a JPEG, PNG, WebP, AVIF or GIF file." };
  }
  const refused = refusal(metadata);
  if (refused) return { rejected: refused };

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(input, { failOn: "truncated", limitInputPixels: maxPixels })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { rejected: "This image is damaged or incomplete. Try saving it again and re-uploading." };
  }
  const { width, height, channels } = decoded.info;
  const fallback: Fallback = metadata.hasAlpha ? "png" : "jpeg";
  const raw = () => sharp(decoded.data, { raw: { width, height, channels } });

  const variants: Variant[] = [];
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
      variants.push({
        name: variantName(w, format),
        contentType: variantContentType(format),
        bytes: await pipeline.toBuffer(),
      });
    }
  }
  return { made: { width, height: Math.round(height), fallback }, variants };
}

// One libvips thread per operation leaves the other core free to answer page requests.
sharp.concurrency(1);
// Each image is processed once: a cache of finished operations would only hold memory.
sharp.cache(false);

// Without the server (it stopped, or gave up on this image) there is no one to answer.
process.once("disconnect", () => process.exit());
process.once("message", async ({ input }: ImageJob) => {
  const reply = await variantsOf(input).catch(
    (error: unknown): ImageReply => ({
      failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
  process.send?.(reply, () => process.disconnect());
});
