import { randomInt } from "node:crypto";
import type { ImageInfo } from "~/lib/image-variants.ts";
import { slugWithSuffix } from "~/lib/slug.ts";
import type { Db } from "./db/database.ts";

export interface PostSummary {
  slug: string;
  title: string;
  publishedOn: Date;
  cover: ImageInfo;
}

export interface Post extends PostSummary {
  content: string;
  userId: string | null;
}

export interface PostInput {
  title: string;
  content: string;
  coverImageId: string;
}

export const pageSize = 12;

/** Suffixes are drawn from 0–999 first; each run of collisions widens the range tenfold. */
const drawsPerRange = 8;
const firstRange = 1000;

function summaries(db: Db) {
  return db
    .selectFrom("posts")
    .innerJoin("images", "images.id", "posts.coverImageId")
    .select([
      "posts.slug",
      "posts.title",
      "posts.publishedOn",
      "images.id as coverId",
      "images.width as coverWidth",
      "images.height as coverHeight",
      "images.fallback as coverFallback",
    ]);
}

type SummaryRow = {
  slug: string;
  title: string;
  publishedOn: number;
  coverId: string;
  coverWidth: number;
  coverHeight: number;
  coverFallback: ImageInfo["fallback"];
};

function toSummary(row: SummaryRow): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    publishedOn: new Date(row.publishedOn),
    cover: { id: row.coverId, width: row.coverWidth, height: row.coverHeight, fallback: row.coverFallback },
  };
}

/** One page of posts, newest first (page numbers start at 1). */
export async function listPosts(db: Db, page: number): Promise<PostSummary[]> {
  const rows = await summaries(db)
    .orderBy("posts.publishedOn", "desc")
    .orderBy("posts.slug")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map(toSummary);
}

/** A user's own posts, newest first (the dashboard). */
export async function listPostsByUser(db: Db, userId: string): Promise<PostSummary[]> {
  const rows = await summaries(db)
    .where("posts.userId", "=", userId)
    .orderBy("posts.publishedOn", "desc")
    .orderBy("posts.slug")
    .execute();
  return rows.map(toSummary);
}

export async function countPosts(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function getPost(db: Db, slug: string): Promise<Post | undefined> {
  const row = await summaries(db)
    .select(["posts.content", "posts.userId"])
    .where("posts.slug", "=", slug)
    .executeTakeFirst();
  return row && { ...toSummary(row), content: row.content, userId: row.userId };
}

/** Creates a post under a fresh slug; never overwrites another post. */
export async function createPost(
  db: Db,
  input: PostInput,
  userId: string | null,
  now: Date = new Date(),
): Promise<string> {
  for (let range = firstRange; ; range *= 10) {
    for (let draw = 0; draw < drawsPerRange; draw++) {
      const slug = slugWithSuffix(input.title, randomInt(0, range));
      const { numInsertedOrUpdatedRows } = await db
        .insertInto("posts")
        .values({ ...input, slug, userId, publishedOn: now.getTime() })
        .onConflict((conflict) => conflict.column("slug").doNothing())
        .executeTakeFirstOrThrow();
      if (numInsertedOrUpdatedRows === 1n) return slug;
    }
  }
}

/** Saves new title, content and cover; the slug and author never change. */
export async function updatePost(
  db: Db,
  slug: string,
  input: PostInput,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("posts")
    .set({ ...input, publishedOn: now.getTime() })
    .where("slug", "=", slug)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deletePost(db: Db, slug: string): Promise<boolean> {
  const result = await db.deleteFrom("posts").where("slug", "=", slug).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
