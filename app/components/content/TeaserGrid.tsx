import type { IllustrationName } from "~/site/illustrations.ts";
import { illustrationImage } from "~/uploads/responsive-image.ts";
import { PageLink } from "../PageLink.tsx";
import { Picture } from "../Picture.tsx";

export function TeaserGrid({ children }: { children: React.ReactNode }) {
  return (
    <ul className="not-prose my-8 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
  );
}

export function Teaser({
  title,
  href,
  image,
  alt,
  children,
}: {
  title: string;
  href: string;
  image: IllustrationName;
  alt: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-sandstone-300 bg-white shadow-sm">
      <Picture
        image={illustrationImage(image)}
        alt={alt}
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        className="aspect-[5/3] h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="font-serif text-xl font-semibold">{title}</h3>
        <p className="mt-2 flex-1 text-[0.95rem] leading-relaxed">{children}</p>
        <PageLink
          href={href}
          className="mt-4 self-start font-semibold text-heritage-700 underline decoration-sandstone-500 decoration-2 underline-offset-4 hover:text-heritage-900"
        >
          Click more<span className="sr-only">: {title}</span>
        </PageLink>
      </div>
    </li>
  );
}
