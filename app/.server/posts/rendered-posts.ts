import { LRUCache } from "lru-cache";
import type { PostArticleData } from "~/components/PostArticle.tsx";
import { excerpt, renderMarkdown } from "~/posts/markdown.ts";
import { formatSydneyDate } from "~/site/dates.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { megabyte } from "../http/remembered.ts";
import { singleton } from "../singleton.ts";
import { lastChanged, type Post } from "./posts.ts";

// Some hundreds of long posts (tens of KB of HTML each): the whole of a blog's recent writing, a small share of the server's memory.
const renderedBytes = 16 * megabyte;

/**
 * A post's HTML, rendered once per saved version rather than on every request. `images` are
 * those its text may show (post-images.ts); without them, its images are left out.
 */
export function renderedContent(
  post: Pick<Post, "slug" | "savedAt" | "content">,
  images: ImageInfo[] = [],
): string {
  const cache = singleton(
    "renderedPosts",
    () =>
      new LRUCache<string, string>({
        maxSize: renderedBytes,
        sizeCalculation: (html, key) => (key.length + html.length) * 2,
      }),
  );
  const key = `${post.slug}@${post.savedAt.getTime()}:${images.map((image) => image.id).join(",")}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderMarkdown(post.content, new Map(images.map((image) => [image.id, image])));
    cache.set(key, html);
  }
  return html;
}

/** What a post's page shows of it (the blog's page, and a preview of a draft), with its text's images. */
export function postArticle(post: Post, images: ImageInfo[]): PostArticleData {
  const html = renderedContent(post, images);
  const published = formatSydneyDate(post.publishedOn);
  const updated = post.updatedOn && formatSydneyDate(post.updatedOn);
  return {
    byline: post.byline,
    slug: post.slug,
    title: post.title,
    published,
    publishedIso: post.publishedOn.toISOString(),
    modifiedIso: lastChanged(post).toISOString(),
    // Shown only when it falls on another day than the publication.
    updated: updated !== published ? updated : null,
    updatedIso: post.updatedOn?.toISOString() ?? null,
    cover: post.cover,
    coverAlt: post.coverAlt,
    tags: post.tags,
    description: excerpt(html),
    html,
  };
}
