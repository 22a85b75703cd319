import { sql } from "kysely";
import type { Db } from "./db/database.ts";

export interface Limit {
  /** What is counted, e.g. "login-email:someone@example.com". */
  key: string;
  max: number;
  windowMs: number;
}

/** Seconds until the limit lifts, or 0 when another attempt is allowed now. */
export async function secondsBlocked(db: Db, limit: Limit, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom("rateLimits")
    .select(["count", "resetAt"])
    .where("key", "=", limit.key)
    .executeTakeFirst();
  if (!row || row.resetAt <= now || row.count < limit.max) return 0;
  return Math.ceil((row.resetAt - now) / 1000);
}

/**
 * Counts one attempt; a window that has run out starts again at one. Atomic across instances:
 * one statement increments and returns the count with it.
 */
export async function countAttempt(
  db: Db,
  limit: Limit,
  now = Date.now(),
): Promise<{ count: number; resetAt: number }> {
  const expired = sql<boolean>`${sql.ref("rateLimits.resetAt")} <= ${now}`;
  return db
    .insertInto("rateLimits")
    .values({ key: limit.key, count: 1, resetAt: now + limit.windowMs })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql`case when ${expired} then 1 else ${sql.ref("rateLimits.count")} + 1 end`,
        resetAt: sql`case when ${expired} then ${now + limit.windowMs} else ${sql.ref("rateLimits.resetAt")} end`,
      }),
    )
    .returning(["count", "resetAt"])
    .executeTakeFirstOrThrow();
}

export async function clearAttempts(db: Db, limit: Limit): Promise<void> {
  await db.deleteFrom("rateLimits").where("key", "=", limit.key).execute();
}
