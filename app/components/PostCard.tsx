import { formatSydneyDate } from "~/site/dates.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { uploadedImage } from "~/uploads/responsive-image.ts";
import { PageLink } from "./PageLink.tsx";
import { Picture } from "./Picture.tsx";
import { TagList } from "./TagList.tsx";

export interface PostCardData {
  slug: string;
  title: string;
  published: string;
  /** Every public post has one; a card without shows its title alone. */
  cover: ImageInfo | null;
  coverAlt: string;
  tags: string[];
}

/** A card's data from a post as listings read it. */
export function postCardData(post: Omit<PostCardData, "published"> & { publishedOn: Date }): PostCardData {
  return {
    slug: post.slug,
    title: post.title,
    published: formatSydneyDate(post.publishedOn),
    cover: post.cover,
    coverAlt: post.coverAlt,
    tags: post.tags,
  };
}

export function PostCard({ post, priority }: { post: PostCardData; priority: boolean }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-sandstone-300 bg-white shadow-sm">
      {post.cover && (
        <Picture
          image={uploadedImage(post.cover)}
          alt={post.coverAlt}
          sizes="(min-width: 768px) 33vw, 100vw"
          priority={priority}
          className="aspect-[1260/750] h-auto w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="font-serif text-xl leading-snug font-semibold">{post.title}</h2>
        <p className="mt-2 text-sm text-slate-700">Published: {post.published}</p>
        <TagList tags={post.tags} className="mt-3" />
        <PageLink
          href={`/blog/${post.slug}`}
          className="mt-auto self-start pt-4 font-semibold text-heritage-700 underline decoration-sandstone-500 decoration-2 underline-offset-4 hover:text-heritage-900"
        >
          Read More<span className="sr-only">: {post.title}</span>
        </PageLink>
      </div>
    </li>
  );
}
