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

/** Stands in for the site's origin: only an address that stays on it can name one of our images. */
const siteOrigin = "https://site.invalid";

/**
 * The address of one of our image variants, `/images/<id>/<variant>`, that `src` leads to once
 * parsed as a browser parses it (dot segments, `%2e`, backslashes, tabs and newlines, another
 * host), or undefined when it leads anywhere else. Pages write this address, never `src` as given.
 */
export function imageVariantPath(src: string): string | undefined {
  let url: URL;
  try {
    url = new URL(src, `${siteOrigin}/`);
  } catch {
    return undefined;
  }
  if (url.origin !== siteOrigin || url.search !== "" || url.hash !== "") return undefined;
  const [empty, images, id, variant, ...rest] = url.pathname.split("/");
  if (empty !== "" || images !== "images" || rest.length > 0) return undefined;
  if (!id || !imageIdPattern.test(id) || !variant || !variantPattern.test(variant)) return undefined;
  return url.pathname;
}
