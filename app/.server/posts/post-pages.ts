import { type PostCardData, postCardData } from "~/components/PostCard.tsx";
import { pageCount } from "~/http/page-number.ts";
import type { Db } from "../db/database.ts";
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
    pages: pageCount(page, total, pageSize),
    posts: posts.map(postCardData),
  };
}
