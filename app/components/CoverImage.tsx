import { preload } from "react-dom";
import { type ImageInfo, largestVariantUrl, srcSet, variantUrl, widthsFor } from "~/lib/image-variants.ts";

interface CoverImageProps {
  image: ImageInfo;
  alt: string;
  /** How wide the image is shown at each viewport width. */
  sizes: string;
  /** The page's main image: fetched first, never lazily. */
  priority?: boolean;
  className?: string;
}

/** A post's cover as AVIF or WebP at the width the screen needs, sized to avoid layout shift. */
export function CoverImage({ image, alt, sizes, priority = false, className }: CoverImageProps) {
  // The preload goes into the document's head, so the cover downloads while the page is parsed.
  if (priority) {
    preload(variantUrl(image.id, widthsFor(image.width).at(-1) ?? image.width, "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(image, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      <img
        src={largestVariantUrl(image)}
        srcSet={srcSet(image, image.fallback)}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
