import type { PostCardData } from "~/components/PostCard.tsx";
import { formatSydneyDate } from "~/lib/dates.ts";
import { pageCount } from "~/lib/page-number.ts";
import type { Db } from "./db/database.ts";
import { countPosts, listPosts, pageSize } from "./posts.ts";

/** One page of public posts as cards (/home, or an author's page when `authorId` is given); past the last, 404. */
export async function publicPostPage(
  db: Db,
  page: number,
  authorId?: string,
): Promise<{ page: number; pages: number; posts: PostCardData[] }> {
  const [posts, total] = await Promise.all([listPosts(db, page, authorId), countPosts(db, authorId)]);
  return {
    page,
    pages: pageCount(total, pageSize, page),
    posts: posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      published: formatSydneyDate(post.publishedOn),
      cover: post.cover,
    })),
  };
}
