import { Feed } from "feed";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { latestPosts } from "~/.server/posts.ts";
import { renderedContent } from "~/.server/rendered-posts.ts";
import { cachedPage } from "~/http-policy.ts";
import { largestVariantUrl } from "~/lib/image-variants.ts";
import { excerpt } from "~/lib/markdown.ts";
import { site } from "~/lib/site.ts";

const feedSize = 20;

export const handle = cachedPage();

/** RSS 2.0 of the latest posts. */
export async function loader() {
  const { publicUrl } = config();
  const posts = await latestPosts(db(), feedSize);
  const feed = new Feed({
    title: `${site.name}: Lifestyle`,
    description: "Posts from our building on Moncur Street, Woollahra.",
    id: `${publicUrl}/home`,
    link: `${publicUrl}/home`,
    language: "en-AU",
    image: `${publicUrl}/illustrations/banner-1280.webp`,
    favicon: `${publicUrl}/favicon.svg`,
    copyright: `© ${new Date().getFullYear()} ${site.name}`,
    updated: posts[0]?.publishedOn ?? new Date(),
    generator: site.name,
    feedLinks: { rss: `${publicUrl}/rss.xml` },
  });
  for (const post of posts) {
    const url = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
    const html = renderedContent(post);
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      description: excerpt(html, 300),
      content: html,
      date: post.publishedOn,
      image: `${publicUrl}${largestVariantUrl(post.cover)}`,
    });
  }
  return new Response(feed.rss2(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
