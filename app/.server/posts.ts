import { randomInt } from "node:crypto";
import { slugWithSuffix } from "~/lib/slug.ts";
import type { Db } from "./db/database.ts";
import type { PostRow } from "./db/schema.ts";

export interface Post {
  slug: string;
  title: string;
  content: string;
  publishedOn: Date;
  coverImageUrl: string;
  userId: string | null;
}

export type PostSummary = Omit<Post, "content" | "userId">;

export interface PostInput {
  title: string;
  content: string;
  coverImageUrl: string;
}

export const pageSize = 12;

/** Suffixes are drawn from 0–999 first; each run of collisions widens the range tenfold. */
const drawsPerRange = 8;
const firstRange = 1000;

function toPost(row: PostRow): Post {
  return { ...row, publishedOn: new Date(row.publishedOn) };
}

/** One page of posts, newest first (page numbers start at 1). */
export async function listPosts(db: Db, page: number): Promise<PostSummary[]> {
  const rows = await db
    .selectFrom("posts")
    .select(["slug", "title", "publishedOn", "coverImageUrl"])
    .orderBy("publishedOn", "desc")
    .orderBy("slug")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((row) => ({ ...row, publishedOn: new Date(row.publishedOn) }));
}

/** A user's own posts, newest first (the dashboard). */
export async function listPostsByUser(db: Db, userId: string): Promise<PostSummary[]> {
  const rows = await db
    .selectFrom("posts")
    .select(["slug", "title", "publishedOn", "coverImageUrl"])
    .where("userId", "=", userId)
    .orderBy("publishedOn", "desc")
    .orderBy("slug")
    .execute();
  return rows.map((row) => ({ ...row, publishedOn: new Date(row.publishedOn) }));
}

export async function countPosts(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function getPost(db: Db, slug: string): Promise<Post | undefined> {
  const row = await db.selectFrom("posts").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row && toPost(row);
}

/** Creates a post under a fresh slug; never overwrites another post. */
export async function createPost(
  db: Db,
  input: PostInput,
  userId: string | null,
  now: Date = new Date(),
): Promise<Post> {
  for (let range = firstRange; ; range *= 10) {
    for (let draw = 0; draw < drawsPerRange; draw++) {
      const post: Post = {
        ...input,
        slug: slugWithSuffix(input.title, randomInt(0, range)),
        publishedOn: now,
        userId,
      };
      const { numInsertedOrUpdatedRows } = await db
        .insertInto("posts")
        .values({ ...post, publishedOn: now.getTime() })
        .onConflict((conflict) => conflict.column("slug").doNothing())
        .executeTakeFirstOrThrow();
      if (numInsertedOrUpdatedRows === 1n) return post;
    }
  }
}

/** Saves new title, content and cover; the slug and author never change. */
export async function updatePost(
  db: Db,
  slug: string,
  input: PostInput,
  now: Date = new Date(),
): Promise<Post | undefined> {
  const result = await db
    .updateTable("posts")
    .set({ ...input, publishedOn: now.getTime() })
    .where("slug", "=", slug)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n ? getPost(db, slug) : undefined;
}

export async function deletePost(db: Db, slug: string): Promise<boolean> {
  const result = await db.deleteFrom("posts").where("slug", "=", slug).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
