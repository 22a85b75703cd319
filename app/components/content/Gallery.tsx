import type { IllustrationName } from "~/site/illustrations.ts";
import { illustrationImage } from "~/uploads/responsive-image.ts";
import { Picture } from "../Picture.tsx";

export function Gallery({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    // The page's own heading introduces the gallery; the title names it for assistive technology.
    <section className="not-prose my-8" aria-label={title}>
      <ul className="grid list-none gap-4 p-0 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
    </section>
  );
}

/** An image whose caption appears on hover and when the image has keyboard focus. */
export function GalleryImage({
  image,
  alt,
  caption,
}: {
  image: IllustrationName;
  alt: string;
  caption: string;
}) {
  return (
    <li>
      <figure
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard focus reveals the caption, as hover does
        tabIndex={0}
        className="group relative overflow-hidden rounded-lg border border-sandstone-300 bg-white"
      >
        <Picture
          image={illustrationImage(image)}
          alt={alt}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          className="aspect-[5/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-105 group-focus:scale-105"
        />
        <figcaption className="absolute inset-x-0 bottom-0 bg-heritage-900/90 px-4 py-3 text-sm text-white opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus:opacity-100">
          {caption}
        </figcaption>
      </figure>
    </li>
  );
}
