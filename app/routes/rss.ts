import { href } from "react-router";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { feedSize, postsFeed } from "~/.server/posts/feeds.ts";
import { textImagesBySlug } from "~/.server/posts/post-images.ts";
import { latestPosts } from "~/.server/posts/posts.ts";
import { cachedPage } from "~/http/http-policy.ts";
import { site } from "~/site/site.ts";

export const handle = cachedPage();

/** RSS 2.0 of the latest posts. */
export async function loader() {
  const { publicUrl } = config();
  const posts = await latestPosts(db(), feedSize);
  return postsFeed(
    publicUrl,
    {
      title: `${site.name}: Lifestyle`,
      page: href("/home"),
      feed: href("/rss.xml"),
      description: "Posts from our building on Moncur Street, Woollahra.",
    },
    posts,
    await textImagesBySlug(
      db(),
      posts.map((post) => post.slug),
    ),
  );
}
