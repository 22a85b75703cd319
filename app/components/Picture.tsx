import { preload } from "react-dom";
import { type IllustrationName, illustrations } from "~/lib/illustrations.ts";

interface IllustrationPictureProps {
  name: IllustrationName;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** The page's main image: loaded first, never lazily. */
  priority?: boolean;
  className?: string;
}

/** The largest WebP of an illustration (for sharing cards and fallbacks). */
export function illustrationSrc(name: IllustrationName): string {
  return `/illustrations/${name}-${illustrations[name].widths.at(-1)}.webp`;
}

/** One of the site's generated illustrations, as AVIF or WebP at the width the screen needs. */
export function IllustrationPicture({
  name,
  alt,
  sizes,
  priority = false,
  className,
}: IllustrationPictureProps) {
  const { width, height, widths } = illustrations[name];
  const srcSet = (format: string) =>
    widths.map((w) => `/illustrations/${name}-${w}.${format} ${w}w`).join(", ");
  // The preload goes into the document's head, so the image downloads while the page is parsed.
  if (priority) {
    preload(`/illustrations/${name}-${widths.at(-1)}.avif`, {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet("avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={illustrationSrc(name)}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}
