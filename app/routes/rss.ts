import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { feedSize, postsFeed } from "~/.server/posts/feeds.ts";
import { latestPosts } from "~/.server/posts/posts.ts";
import { cachedPage } from "~/http/http-policy.ts";
import { site } from "~/site/site.ts";

export const handle = cachedPage();

/** RSS 2.0 of the latest posts. */
export async function loader() {
  const { publicUrl } = config();
  return postsFeed(
    publicUrl,
    {
      title: `${site.name}: Lifestyle`,
      page: "/home",
      feed: "/rss.xml",
      description: "Posts from our building on Moncur Street, Woollahra.",
    },
    await latestPosts(db(), feedSize),
  );
}
