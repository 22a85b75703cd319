import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { latestPosts } from "~/.server/posts.ts";
import { renderedContent } from "~/.server/rendered-posts.ts";
import { rssDocument } from "~/.server/rss.ts";
import { cachedPage } from "~/http-policy.ts";
import { largestVariantUrl, variantContentType } from "~/lib/image-variants.ts";
import { excerpt } from "~/lib/markdown.ts";
import { site } from "~/lib/site.ts";

const feedSize = 20;

export const handle = cachedPage();

/** RSS 2.0 of the latest posts. */
export async function loader() {
  const { publicUrl } = config();
  const posts = await latestPosts(db(), feedSize);
  const channel = {
    title: `${site.name}: Lifestyle`,
    link: `${publicUrl}/home`,
    description: "Posts from our building on Moncur Street, Woollahra.",
    language: "en-AU",
    copyright: `© ${new Date().getFullYear()} ${site.name}`,
    updated: posts[0]?.publishedOn ?? new Date(),
    feedUrl: `${publicUrl}/rss.xml`,
    imageUrl: `${publicUrl}/illustrations/banner-1280.webp`,
  };
  const items = posts.map((post) => {
    const html = renderedContent(post);
    return {
      title: post.title,
      link: `${publicUrl}/blog/${encodeURIComponent(post.slug)}`,
      published: post.publishedOn,
      description: excerpt(html, 300),
      html,
      enclosure: {
        url: `${publicUrl}${largestVariantUrl(post.cover)}`,
        type: variantContentType(post.cover.fallback),
      },
    };
  });
  return new Response(rssDocument(channel, items), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
