import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { dialectOf } from "../db/dialect.ts";
import { inTransaction } from "../db/transaction.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { unusedImage } from "./image-use.ts";

/** What a user's uploads not (or no longer) used by any post may add up to: five of the largest. */
export const maxUnusedBytes = 100 * 1024 * 1024;

export interface UploadRefused {
  message: string;
  /** When trying again may succeed. */
  retryAfterSeconds: number;
}

class Refused extends Error {
  readonly refusal: UploadRefused;
  constructor(refusal: UploadRefused) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

const secondsUntil = (time: number, now: number) => Math.max(1, Math.ceil((time - now) / 1000));

/** The class of PostgreSQL advisory locks on one user's uploads ("WMup"). */
const uploaderLockClass = 0x574d7570;

/**
 * Holds the user's uploads for the rest of the transaction, so a burst of one user's requests
 * is checked one at a time, on any number of instances: on PostgreSQL a transaction advisory
 * lock on the user; SQLite has one writer at a time, and a write (even one that changes
 * nothing) makes this transaction it.
 */
async function lockUploader(trx: Db, userId: string): Promise<void> {
  if (dialectOf(trx) === "postgres") {
    await sql`select pg_advisory_xact_lock(${uploaderLockClass}, hashtext(${userId}))`.execute(trx);
  } else {
    await sql`update ${sql.table("uploads")} set ${sql.ref("bytes")} = ${sql.ref("bytes")} where 0`.execute(
      trx,
    );
  }
}

/**
 * Records an upload a user begins, under the id its image will get, unless it takes them
 * past their uploads per hour (a rate limit: off with RATE_LIMITS=off) or their unused bytes
 * (a bound on storage: always on); null when it is recorded.
 */
export async function reserveUpload(
  db: Db,
  upload: { id: string; userId: string; bytes: number },
  graceMs: number,
  now = Date.now(),
): Promise<UploadRefused | null> {
  try {
    await inTransaction(db, async (trx) => {
      await lockUploader(trx, upload.userId);
      const hour = await admitTo(trx, [limits.uploadsPerUser(upload.userId)], 1, now);
      if (!hour.allowed) {
        throw new Refused({
          message: throttleMessages.uploads(hour.waitSeconds),
          retryAfterSeconds: hour.waitSeconds,
        });
      }
      const unused = await unusedUploads(trx, upload.userId);
      if (unused.bytes + upload.bytes > maxUnusedBytes) {
        throw new Refused({
          message: `Too many unused uploads: the images you have uploaded but not used in a post can add up to ${maxUnusedBytes / 1024 / 1024} MB. Use one as a cover, or try again later.`,
          // The oldest unused upload is removed after the grace period; that may free enough.
          retryAfterSeconds: secondsUntil((unused.oldest ?? now) + graceMs, now),
        });
      }
      await trx
        .insertInto("uploads")
        .values({ ...upload, createdAt: now })
        .execute();
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** The bytes of a user's uploads that nothing uses (image-use.ts), and since when the oldest has been unused. */
async function unusedUploads(db: Db, userId: string): Promise<{ bytes: number; oldest: number | null }> {
  const row = await db
    .selectFrom("uploads")
    .leftJoin("images", "images.id", "uploads.id")
    .select([
      sql<number>`coalesce(sum(${sql.ref("uploads.bytes")}), 0)`.as("bytes"),
      sql<number | null>`min(coalesce(${sql.ref("images.releasedAt")}, ${sql.ref("uploads.createdAt")}))`.as(
        "oldest",
      ),
    ])
    .where("uploads.userId", "=", userId)
    .where(unusedImage("uploads.id"))
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), oldest: row.oldest === null ? null : Number(row.oldest) };
}

/** Forgets an upload that will never be an image (refused, failed or canceled): its bytes no longer count. */
export async function forgetUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom("uploads").where("id", "=", id).execute();
}

/**
 * Locks an upload's row until the transaction ends; false when the sweep has marked it for
 * removal. Processing (before it records the image) and the sweep (before it marks an upload
 * with no image) both take it, so one of the two sees what the other did.
 */
export async function lockUpload(trx: Db, id: string): Promise<boolean> {
  const locked = await trx
    .updateTable("uploads")
    .set({ sweptAt: null })
    .where("id", "=", id)
    .where("sweptAt", "is", null)
    .executeTakeFirst();
  return locked.numUpdatedRows === 1n;
}
