import { sql } from "kysely";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { log } from "../log.ts";
import { applyRetention } from "../mail/retention.ts";
import { unusedImage } from "./image-use.ts";
import { storage } from "./storage/index.ts";
import { withLease } from "./upload-locks.ts";
import { lockUpload } from "./upload-quota.ts";
import { uploadArea } from "./uploads.ts";

/** Rows handled per step of one sweep; whatever is left waits for the next. */
const batch = 200;
const hourMs = 60 * 60 * 1000;

export interface SweepCounts {
  /** Images no post used for the grace period, removed with their variants. */
  images: number;
  /** Users' uploads whose files were removed: those images, and uploads never finished. */
  uploads: number;
}

/**
 * Removes what nothing uses once the grace period has passed: images no post or space has
 * used since then (replaced covers and photos, deleted posts, uploads never used) and uploads
 * never finished. A database row goes first, so no post can take the image while its files go;
 * a user's upload is marked, its files removed, then its row, so a sweep cut short finishes
 * the job the next time.
 */
export async function sweepUnusedImages(db: Db, graceMs: number, now = Date.now()): Promise<SweepCounts> {
  const cutoff = now - graceMs;
  const store = await storage();
  const counts: SweepCounts = { images: 0, uploads: 0 };

  const unusedImages = await db
    .selectFrom("images")
    .select("id")
    .where(sql<number>`coalesce(${sql.ref("releasedAt")}, ${sql.ref("createdAt")})`, "<", cutoff)
    .where(unusedImage("images.id"))
    .limit(batch)
    .execute();
  for (const { id } of unusedImages) {
    const removed = await inTransaction(db, async (trx) => {
      const deleted = await trx
        .deleteFrom("images")
        .where("id", "=", id)
        .where(unusedImage("images.id"))
        .executeTakeFirst();
      if (deleted.numDeletedRows !== 1n) return "kept";
      const marked = await trx
        .updateTable("uploads")
        .set({ sweptAt: now })
        .where("id", "=", id)
        .executeTakeFirst();
      return marked.numUpdatedRows === 1n ? "marked" : "removed";
    }).catch((error: unknown) => {
      // A post took it as a cover at this very moment: the database refuses to delete it.
      log().warn({ err: error, imageId: id }, "unused image kept");
      return "kept";
    });
    if (removed === "kept") continue;
    counts.images++;
    // The site's own images (sample covers) have no upload row: their files go now.
    if (removed === "removed") await store.remove(id);
  }

  const abandoned = await db
    .selectFrom("uploads")
    .select("id")
    .where("sweptAt", "is", null)
    .where("createdAt", "<", cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("images").select("images.id").whereRef("images.id", "=", "uploads.id"))),
    )
    .limit(batch)
    .execute();
  for (const { id } of abandoned) {
    await inTransaction(db, async (trx) => {
      // Processing takes the same lock before it records the image: whichever is second sees the first's work.
      if (!(await lockUpload(trx, id))) return;
      if (await trx.selectFrom("images").select("id").where("id", "=", id).executeTakeFirst()) return;
      await trx.updateTable("uploads").set({ sweptAt: now }).where("id", "=", id).execute();
    });
  }

  const marked = await db
    .selectFrom("uploads")
    .select("id")
    .where("sweptAt", "is not", null)
    .limit(batch)
    .execute();
  // The upload store is loaded only when there is something to remove from it.
  const area = marked.length > 0 ? await uploadArea() : undefined;
  for (const { id } of marked) {
    await store.remove(id);
    await area?.discard(`${area.keyPrefix}${id}`);
    await db.deleteFrom("uploads").where("id", "=", id).execute();
    counts.uploads++;
  }
  return counts;
}

let sweeper: { timer: NodeJS.Timeout; running: Promise<unknown> } | undefined;

/**
 * Sweeps every hour (or a quarter of the grace period, when shorter), one instance at a time,
 * and removes what is past its retention period (mail/retention.ts) in the same turn:
 * instances sharing a database take turns through a lease, so two never remove the same files.
 */
export function startSweeping(db: Db): void {
  const { unusedImageGraceMs, enquiryRetentionMs } = config();
  const sweep = () => {
    const running = withLease(db, "sweep:unused-images", async () => {
      const counts = await sweepUnusedImages(db, unusedImageGraceMs);
      if (counts.images + counts.uploads > 0) log().info(counts, "unused images and uploads removed");
      const removed = await applyRetention(db, enquiryRetentionMs);
      if (removed.enquiries + removed.messages + removed.unconfirmed > 0)
        log().info(removed, "old enquiries, messages and unconfirmed subscriptions removed");
    }).catch((error: unknown) => log().warn({ err: error }, "the sweep of unused images failed"));
    if (sweeper) sweeper.running = running;
  };
  sweeper = {
    timer: setInterval(sweep, Math.min(hourMs, unusedImageGraceMs / 4)),
    running: Promise.resolve(),
  };
  sweeper.timer.unref();
}

/** Stops the timer and waits for a sweep in progress to finish. */
export async function stopSweeping(): Promise<void> {
  if (!sweeper) return;
  clearInterval(sweeper.timer);
  await sweeper.running;
}
