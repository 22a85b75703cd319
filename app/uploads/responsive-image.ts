import { type IllustrationName, illustrations } from "../site/illustrations.ts";
import { type ImageInfo, largestVariantUrl, srcSet, variantUrl, widthsFor } from "./image-variants.ts";

/** An image offered at several widths, as AVIF and WebP with a fallback: what `<Picture>` shows. */
export interface ResponsiveImage {
  width: number;
  height: number;
  avifSrcSet: string;
  webpSrcSet: string;
  /** For browsers without AVIF or WebP support, and the `src` every browser can fall back on. */
  fallbackSrc: string;
  fallbackSrcSet?: string;
  /** The largest AVIF, preloaded when the image is a page's main one. */
  preloadHref: string;
}

/** The largest WebP of an illustration (for sharing cards and fallbacks). */
export function illustrationSrc(name: IllustrationName): string {
  return `/illustrations/${name}-${illustrations[name].widths.at(-1)}.webp`;
}

/** One of the site's generated illustrations (public/illustrations/). */
export function illustrationImage(name: IllustrationName): ResponsiveImage {
  const { width, height, widths } = illustrations[name];
  const set = (format: string) => widths.map((w) => `/illustrations/${name}-${w}.${format} ${w}w`).join(", ");
  return {
    width,
    height,
    avifSrcSet: set("avif"),
    webpSrcSet: set("webp"),
    fallbackSrc: illustrationSrc(name),
    preloadHref: `/illustrations/${name}-${widths.at(-1)}.avif`,
  };
}

/** An uploaded image (a post's cover), from the variants the server made of it. */
export function uploadedImage(image: ImageInfo): ResponsiveImage {
  return {
    width: image.width,
    height: image.height,
    avifSrcSet: srcSet(image, "avif"),
    webpSrcSet: srcSet(image, "webp"),
    fallbackSrc: largestVariantUrl(image),
    fallbackSrcSet: srcSet(image, image.fallback),
    preloadHref: variantUrl(image.id, widthsFor(image.width).at(-1) ?? image.width, "avif"),
  };
}
