import { data, href } from "react-router";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { feedSize, postsFeed } from "~/.server/posts/feeds.ts";
import { textImagesBySlug } from "~/.server/posts/post-images.ts";
import { latestPosts } from "~/.server/posts/posts.ts";
import { cachedPage } from "~/http/http-policy.ts";
import { isTag } from "~/posts/tags.ts";
import { site } from "~/site/site.ts";
import type { Route } from "./+types/tag-rss";

export const handle = cachedPage();

/** RSS 2.0 of the latest posts carrying a tag; 404 where the tag has no page. */
export async function loader({ params }: Route.LoaderArgs) {
  const { tag } = params;
  const posts = isTag(tag) ? await latestPosts(db(), feedSize, tag) : [];
  if (posts.length === 0) throw data(null, { status: 404 });
  return postsFeed(
    config().publicUrl,
    {
      title: `${site.name}: posts tagged “${tag}”`,
      page: href("/tags/:tag", { tag }),
      feed: href("/tags/:tag/rss.xml", { tag }),
      description: `Posts from our building on Moncur Street, Woollahra, tagged “${tag}”.`,
    },
    posts,
    await textImagesBySlug(
      db(),
      posts.map((post) => post.slug),
    ),
  );
}
