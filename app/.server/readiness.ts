import { sql } from "kysely";
import { config } from "./config.ts";
import { type Db, pendingMigrations } from "./db/database.ts";
import { storage } from "./uploads/storage/index.ts";

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether this instance can serve (for orchestrators; `/healthz` stays a cheap liveness
 * check): the database answers, its schema is the one this build expects, the image store
 * takes writes. The first problem found is the reason.
 */
export async function readiness(db: Db): Promise<Readiness> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return { ready: false, reason: "the database does not answer" };
  }
  const pending = await pendingMigrations(db);
  if (pending.length > 0)
    return { ready: false, reason: `the database schema is behind this build (${pending.join(", ")})` };
  try {
    await (await storage()).check();
  } catch {
    const store = config().storage.kind === "s3" ? "the image bucket" : "the image folder";
    return { ready: false, reason: `${store} cannot be written` };
  }
  return { ready: true };
}
