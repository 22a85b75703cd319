import { randomInt } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { ImageInfo } from "~/lib/image-variants.ts";
import { slugWithSuffix } from "~/lib/slug.ts";
import type { Db } from "./db/database.ts";
import type { Database, PostStatus } from "./db/schema.ts";
import { inTransaction } from "./db/transaction.ts";

export interface PostSummary {
  slug: string;
  title: string;
  publishedOn: Date;
  cover: ImageInfo;
}

export interface Post extends PostSummary {
  content: string;
  userId: string | null;
  status: PostStatus;
  hidden: boolean;
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

/**
 * The one rule for what the public may see: every public listing, feed, sitemap and page
 * filters with it, so a post that is not public appears nowhere.
 */
function listedPublicly(eb: ExpressionBuilder<Database, "posts">) {
  return eb.and([eb("posts.status", "=", "published"), eb("posts.hiddenAt", "is", null)]);
}

/** Whether the public may read a post (others see it only if they may edit it). */
export function isPublic(post: Pick<Post, "status" | "hidden">): boolean {
  return post.status === "published" && !post.hidden;
}

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

type PostRow = SummaryRow & {
  content: string;
  userId: string | null;
  status: PostStatus;
  hiddenAt: number | null;
};

function toPost(row: PostRow): Post {
  return {
    ...toSummary(row),
    content: row.content,
    userId: row.userId,
    status: row.status,
    hidden: row.hiddenAt !== null,
  };
}

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
    .where(listedPublicly)
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

/** Posts' slugs and dates, newest first, a range at a time (the sitemap). */
export async function listPostDates(
  db: Db,
  range: { offset: number; limit: number },
): Promise<{ slug: string; publishedOn: Date }[]> {
  const rows = await db
    .selectFrom("posts")
    .select(["slug", "publishedOn"])
    .where(listedPublicly)
    .orderBy("publishedOn", "desc")
    .orderBy("slug")
    .offset(range.offset)
    .limit(range.limit)
    .execute();
  return rows.map((row) => ({ slug: row.slug, publishedOn: new Date(row.publishedOn) }));
}

/** The newest posts with their content (the feed). */
export async function latestPosts(db: Db, count: number): Promise<Post[]> {
  const rows = await summaries(db)
    .select(["posts.content", "posts.userId", "posts.status", "posts.hiddenAt"])
    .where(listedPublicly)
    .orderBy("posts.publishedOn", "desc")
    .orderBy("posts.slug")
    .limit(count)
    .execute();
  return rows.map(toPost);
}

/** How many posts the public can see (pagination, the sitemap). */
export async function countPosts(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("posts")
    .where(listedPublicly)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function getPost(db: Db, slug: string): Promise<Post | undefined> {
  const row = await summaries(db)
    .select(["posts.content", "posts.userId", "posts.status", "posts.hiddenAt"])
    .where("posts.slug", "=", slug)
    .executeTakeFirst();
  return row && toPost(row);
}

/** The number page caches key on: it changes whenever any post does. */
export async function contentVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom("contentVersion")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

async function bumpContentVersion(trx: Db): Promise<void> {
  await trx
    .updateTable("contentVersion")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

export interface CreateOptions {
  now?: Date;
  /** The id of the form sent: sending the same form again returns the first post's slug. */
  submissionId?: string;
}

/** Creates a post under a fresh slug; never overwrites another post. */
export async function createPost(
  db: Db,
  input: PostInput,
  userId: string | null,
  { now = new Date(), submissionId }: CreateOptions = {},
): Promise<string> {
  return inTransaction(db, async (trx) => {
    for (let range = firstRange; ; range *= 10) {
      for (let draw = 0; draw < drawsPerRange; draw++) {
        const slug = slugWithSuffix(input.title, randomInt(0, range));
        const { numInsertedOrUpdatedRows } = await trx
          .insertInto("posts")
          .values({ ...input, slug, userId, publishedOn: now.getTime(), submissionId: submissionId ?? null })
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirstOrThrow();
        if (numInsertedOrUpdatedRows === 1n) {
          await bumpContentVersion(trx);
          return slug;
        }
        const earlier = submissionId && (await postBySubmission(trx, submissionId));
        if (earlier) return earlier;
      }
    }
  });
}

async function postBySubmission(db: Db, submissionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("posts")
    .select("slug")
    .where("submissionId", "=", submissionId)
    .executeTakeFirst();
  return row?.slug;
}

/** Saves new title, content and cover; the slug and author never change. */
export async function updatePost(
  db: Db,
  slug: string,
  input: PostInput,
  now: Date = new Date(),
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await releaseCover(trx, slug, now.getTime(), input.coverImageId);
    const result = await trx
      .updateTable("posts")
      .set({ ...input, publishedOn: now.getTime() })
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await bumpContentVersion(trx);
    return true;
  });
}

export async function deletePost(db: Db, slug: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await releaseCover(trx, slug, Date.now());
    const result = await trx.deleteFrom("posts").where("slug", "=", slug).executeTakeFirst();
    if (result.numDeletedRows !== 1n) return false;
    await bumpContentVersion(trx);
    return true;
  });
}

/**
 * Notes when a post stops using its cover (replaced, or the post deleted): an image no post
 * uses is removed once the grace period has passed since then (unused-images.ts).
 */
async function releaseCover(trx: Db, slug: string, now: number, keptCoverId?: string): Promise<void> {
  let released = trx
    .updateTable("images")
    .set({ releasedAt: now })
    .where("id", "=", (eb) => eb.selectFrom("posts").select("coverImageId").where("slug", "=", slug));
  if (keptCoverId) released = released.where("id", "<>", keptCoverId);
  await released.execute();
}

/** Who may change a post: its author, or any signed-in user when it has none (imported posts). */
export function mayEdit(post: Pick<Post, "userId">, userId: string): boolean {
  return post.userId === null || post.userId === userId;
}
