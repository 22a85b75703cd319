import type { Actor } from "../accounts/members.ts";
import type { Db } from "../db/database.ts";

/** The owners' activity log: who did what to whom, and when (the manage area's Activity). */
export async function recordActivity(trx: Db, actor: Actor, action: string, target: string): Promise<void> {
  await trx
    .insertInto("activity")
    .values({ at: Date.now(), actorId: actor.id, actorEmail: actor.email, action, target })
    .execute();
}

export const activityPageSize = 50;

export interface ActivityEntry {
  id: number;
  at: Date;
  actorEmail: string;
  action: string;
  target: string;
}

/** The activity log, newest first. */
export async function listActivity(
  db: Db,
  page: number,
): Promise<{ entries: ActivityEntry[]; total: number }> {
  const [rows, { count }] = await Promise.all([
    db
      .selectFrom("activity")
      .selectAll()
      .orderBy("id", "desc")
      .limit(activityPageSize)
      .offset((page - 1) * activityPageSize)
      .execute(),
    db
      .selectFrom("activity")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((row) => ({ ...row, id: Number(row.id), at: new Date(Number(row.at)) })),
    total: Number(count),
  };
}
