import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { metrics } from "../metrics.ts";

export interface Limit {
  /** What is counted, e.g. "login-email:someone@example.com". */
  key: string;
  max: number;
  windowMs: number;
}

/** Attempts counted against one limit, in the window that was running then. */
export interface Counted {
  limit: Limit;
  weight: number;
  resetAt: number;
}

export type Admission = { allowed: true; counted: Counted[] } | { allowed: false; waitSeconds: number };

/**
 * Counts `weight` attempts against each limit, or none at all: refused when any limit has
 * fewer than `weight` left in its window, with the seconds until that window ends. Each limit
 * is checked and counted in one statement, so however many requests arrive at once, no more
 * than `max` are let through (a check and a count made apart let a burst through between them).
 */
export async function admit(
  db: Db,
  limits: Limit[],
  { weight = 1, now = Date.now() }: { weight?: number; now?: number } = {},
): Promise<Admission> {
  const counted: Counted[] = [];
  for (const limit of limits) {
    const resetAt = await countIfRoom(db, limit, weight, now);
    if (resetAt === undefined) {
      metrics().throttled.inc({ limit: limitName(limit) });
      await Promise.all(counted.map((attempts) => giveBack(db, attempts)));
      return { allowed: false, waitSeconds: await secondsLeft(db, limit, now) };
    }
    counted.push({ limit, weight, resetAt });
  }
  return { allowed: true, counted };
}

/** What a limit counts, without whose attempts they are ("login-email"): a label with few values. */
const limitName = (limit: Limit) => limit.key.split(":", 1)[0] as string;

/** Adds `weight` when it fits; a window that has run out starts again. The window's end, or undefined when full. */
async function countIfRoom(db: Db, limit: Limit, weight: number, now: number): Promise<number | undefined> {
  const expired = sql<boolean>`${sql.ref("rateLimits.resetAt")} <= ${now}`;
  const row = await db
    .insertInto("rateLimits")
    .values({ key: limit.key, count: weight, resetAt: now + limit.windowMs })
    .onConflict((conflict) =>
      conflict
        .column("key")
        .doUpdateSet({
          count: sql`case when ${expired} then ${weight} else ${sql.ref("rateLimits.count")} + ${weight} end`,
          resetAt: sql`case when ${expired} then ${now + limit.windowMs} else ${sql.ref("rateLimits.resetAt")} end`,
        })
        .where((eb) => eb.or([expired, eb(sql.ref("rateLimits.count"), "<=", limit.max - weight)])),
    )
    .returning("resetAt")
    .executeTakeFirst();
  return row?.resetAt;
}

async function secondsLeft(db: Db, limit: Limit, now: number): Promise<number> {
  const row = await db
    .selectFrom("rateLimits")
    .select("resetAt")
    .where("key", "=", limit.key)
    .executeTakeFirst();
  return Math.max(1, Math.ceil(((row?.resetAt ?? now) - now) / 1000));
}

/** Takes back attempts that turned out not to count (a log-in that succeeded); a window that has since restarted is left alone. */
export async function giveBack(db: Db, { limit, weight, resetAt }: Counted): Promise<void> {
  await db
    .updateTable("rateLimits")
    .set((eb) => ({ count: eb("count", "-", weight) }))
    .where("key", "=", limit.key)
    .where("resetAt", "=", resetAt)
    .where("count", ">=", weight)
    .execute();
}

export async function clearAttempts(db: Db, limit: Limit): Promise<void> {
  await db.deleteFrom("rateLimits").where("key", "=", limit.key).execute();
}
