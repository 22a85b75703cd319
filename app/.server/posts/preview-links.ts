import { hashOf, newToken, tokenShape } from "../accounts/links.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { endPreviewLink, getPost, isScheduled, type Post } from "./posts.ts";

/** How long a preview link works after it is made. */
export const previewLifetimeMs = 7 * 24 * 3_600_000;

/**
 * Whether a post may be previewed by link: a draft or a scheduled post, neither hidden by the
 * owners nor by its author's suspension. A published post is for the blog to show.
 */
export function previewable(
  post: Pick<Post, "status" | "publishedOn" | "hidden" | "authorSuspended">,
  now = new Date(),
) {
  return (post.status === "draft" || isScheduled(post, now)) && !post.hidden && !post.authorSuspended;
}

/**
 * A new preview link for the post, replacing the one it had (one per post at a time): the
 * token is returned once, for the author to copy; only its hash is kept, so a copy of the
 * database opens no preview.
 */
export async function makePreviewLink(db: Db, slug: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await inTransaction(db, async (trx) => {
    await endPreviewLink(trx, slug);
    await trx
      .insertInto("previewLinks")
      .values({ slug, tokenHash: hashOf(token), expiresAt: now + previewLifetimeMs })
      .execute();
  });
  return token;
}

/** Until when the post's preview link works, or undefined when it has none that works. */
export async function previewLinkExpiry(db: Db, slug: string, now = Date.now()): Promise<Date | undefined> {
  const row = await db
    .selectFrom("previewLinks")
    .select("expiresAt")
    .where("slug", "=", slug)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return row && new Date(Number(row.expiresAt));
}

/**
 * The post a preview link shows, as last saved, and until when the link works: undefined when
 * the token is unknown, revoked or expired, or when the post is no longer a draft or scheduled
 * (a scheduled post whose moment passed is public, and its link has nothing left to show).
 */
export async function previewedPost(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ post: Post; expiresAt: Date } | undefined> {
  if (!tokenShape.test(token)) return undefined;
  const link = await db
    .selectFrom("previewLinks")
    .select(["slug", "expiresAt"])
    .where("tokenHash", "=", hashOf(token))
    .where("expiresAt", ">", now.getTime())
    .executeTakeFirst();
  const post = link && (await getPost(db, link.slug));
  return post && previewable(post, now) ? { post, expiresAt: new Date(Number(link.expiresAt)) } : undefined;
}
