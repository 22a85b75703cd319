import { sql } from "kysely";
import type { Db } from "~/.server/db/database.ts";

/**
 * The grace period a test server gives unused images: long enough for a loaded machine to
 * upload and save first. Tests then move the images back in time (`backdateImages`) rather
 * than waiting the period out.
 */
export const graceSeconds = 30;
/** The sweep runs every quarter of the grace period: a poll for its work waits this long. */
export const sweepWaitMs = 30_000;

/** An hour: far past the grace period. */
const longAgoMs = 60 * 60 * 1000;

/** Moves images and uploads back an hour, as if that long had passed since they were made (or released). */
export async function backdateImages(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("images")
    .set({
      createdAt: sql<number>`${sql.ref("createdAt")} - ${longAgoMs}`,
      releasedAt: sql<number>`${sql.ref("releasedAt")} - ${longAgoMs}`,
    })
    .where("id", "in", ids)
    .execute();
  await db
    .updateTable("uploads")
    .set({ createdAt: sql<number>`${sql.ref("createdAt")} - ${longAgoMs}` })
    .where("id", "in", ids)
    .execute();
}
