/** The widths every uploaded image is offered at (never wider than the original). */
export const variantWidths = [400, 800, 1260] as const;
const widestVariant = 1260;

export type Fallback = "jpeg" | "png";
export type VariantFormat = "avif" | "webp" | Fallback;

/** What a page needs to show a processed image. */
export interface ImageInfo {
  id: string;
  width: number;
  height: number;
  fallback: Fallback;
}

const extensions: Record<VariantFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };

export const contentTypes: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

/** A variant's name never changes, so browsers and caches may keep it for good. */
export const variantCacheControl = "public, max-age=31536000, immutable";

export function variantContentType(format: VariantFormat): string {
  return contentTypes[extensions[format]] as string;
}

/** The widths made for an image `width` pixels wide: the standard ones below it, and its own (capped). */
export function widthsFor(width: number): number[] {
  const widest = Math.min(width, widestVariant);
  return [...variantWidths.filter((w) => w < widest), widest];
}

export function variantName(width: number, format: VariantFormat): string {
  return `${width}.${extensions[format]}`;
}

export function variantUrl(id: string, width: number, format: VariantFormat): string {
  return `/images/${id}/${variantName(width, format)}`;
}

export function srcSet(image: ImageInfo, format: VariantFormat): string {
  return widthsFor(image.width)
    .map((w) => `${variantUrl(image.id, w, format)} ${w}w`)
    .join(", ");
}

/** The largest variant in the fallback format (for sharing cards and old browsers). */
export function largestVariantUrl(image: ImageInfo): string {
  return variantUrl(image.id, widthsFor(image.width).at(-1) ?? image.width, image.fallback);
}

export const imageIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
export const variantPattern = /^(\d{1,4})\.(avif|webp|jpg|png)$/;
