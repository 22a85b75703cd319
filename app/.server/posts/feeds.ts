import { excerpt } from "~/posts/markdown.ts";
import { site } from "~/site/site.ts";
import { type ImageInfo, largestVariantUrl, variantContentType } from "~/uploads/image-variants.ts";
import { lastChanged, type Post } from "./posts.ts";
import { renderedContent } from "./rendered-posts.ts";
import { rssDocument } from "./rss.ts";

/** How many of the newest posts a feed carries. */
export const feedSize = 20;

interface FeedOf {
  title: string;
  /** The page the feed follows, and the feed's own address (both paths). */
  page: string;
  feed: string;
  description: string;
}

/**
 * An RSS response of posts (newest first), for the site's feed and each tag's; `textImages`
 * are the images each post's text shows, by slug (post-images.ts).
 */
export function postsFeed(
  publicUrl: string,
  of: FeedOf,
  posts: Post[],
  textImages: ReadonlyMap<string, ImageInfo[]> = new Map(),
): Response {
  const channel = {
    title: of.title,
    link: `${publicUrl}${of.page}`,
    description: of.description,
    language: "en-AU",
    copyright: `© ${new Date().getFullYear()} ${site.name}`,
    updated:
      posts.reduce<Date | undefined>(
        (newest, post) => (newest && newest >= lastChanged(post) ? newest : lastChanged(post)),
        undefined,
      ) ?? new Date(),
    feedUrl: `${publicUrl}${of.feed}`,
    imageUrl: `${publicUrl}/illustrations/banner-1280.webp`,
  };
  const items = posts.map((post) => {
    const html = renderedContent(post, textImages.get(post.slug));
    return {
      title: post.title,
      link: `${publicUrl}/blog/${encodeURIComponent(post.slug)}`,
      published: post.publishedOn,
      updated: lastChanged(post),
      description: excerpt(html, 300),
      html,
      categories: post.tags,
      enclosure: post.cover && {
        url: `${publicUrl}${largestVariantUrl(post.cover)}`,
        type: variantContentType(post.cover.fallback),
      },
    };
  });
  return new Response(rssDocument(channel, items), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
