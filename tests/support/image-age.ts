import { sql } from "kysely";
import type { Db } from "~/.server/db/database.ts";

/** An hour: far past any grace period a test server is given. */
export const longAgoMs = 60 * 60 * 1000;

/**
 * Moves images and uploads back in time, as if `ms` had passed since they were made (or
 * released). A test server's grace period can then be long enough for a loaded machine to
 * upload and save before it ends, and the sweep still be seen at work within seconds.
 */
export async function backdateImages(db: Db, ids: string[], ms = longAgoMs): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("images")
    .set({
      createdAt: sql<number>`${sql.ref("createdAt")} - ${ms}`,
      releasedAt: sql<number>`${sql.ref("releasedAt")} - ${ms}`,
    })
    .where("id", "in", ids)
    .execute();
  await db
    .updateTable("uploads")
    .set({ createdAt: sql<number>`${sql.ref("createdAt")} - ${ms}` })
    .where("id", "in", ids)
    .execute();
}
