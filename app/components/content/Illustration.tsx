import type { IllustrationName } from "~/site/illustrations.ts";
import { illustrationImage } from "~/uploads/responsive-image.ts";
import { Picture } from "../Picture.tsx";

export function Illustration({
  image,
  alt,
  caption,
}: {
  image: IllustrationName;
  alt: string;
  caption?: string;
}) {
  return (
    <figure className="not-prose my-8">
      <Picture
        image={illustrationImage(image)}
        alt={alt}
        sizes="(min-width: 768px) 720px, 100vw"
        className="h-auto w-full rounded-lg border border-sandstone-300"
      />
      {caption && <figcaption className="mt-2 text-sm text-slate-600 italic">{caption}</figcaption>}
    </figure>
  );
}
