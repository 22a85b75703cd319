import { preload } from "react-dom";
import type { ResponsiveImage } from "~/uploads/responsive-image.ts";

interface PictureProps {
  image: ResponsiveImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** The page's main image: loaded first, never lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A responsive picture: AVIF or WebP at the width the screen needs, with width and height
 * set so nothing shifts while it loads. The site's one way to show an image.
 */
export function Picture({ image, alt, sizes, priority = false, className }: PictureProps) {
  // The preload goes into the document's head, so the image downloads while the page is parsed.
  if (priority) {
    preload(image.preloadHref, {
      as: "image",
      type: "image/avif",
      imageSrcSet: image.avifSrcSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      <img
        src={image.fallbackSrc}
        srcSet={image.fallbackSrcSet}
        sizes={image.fallbackSrcSet ? sizes : undefined}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}
