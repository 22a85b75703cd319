import { sql } from "kysely";
import type { Db } from "./database.ts";
import { dialectOf } from "./dialect.ts";

/** The advisory lock key for changing the schema ("WMsc"); Kysely's migrator holds its own, inside ours. */
const schemaLockKey = 0x574d7363;

/**
 * Runs `work` (changing the schema) while no other instance does: on PostgreSQL under a
 * session advisory lock held on a connection of its own, which PostgreSQL releases by itself
 * if the instance dies. An instance that finds the lock taken calls `onWait` and waits its
 * turn (decision 019). SQLite needs none: a file has one server, and its first thread alone
 * prepares the schema.
 */
export async function underSchemaLock<T>(db: Db, work: () => Promise<T>, onWait: () => void): Promise<T> {
  if (dialectOf(db) !== "postgres") return work();
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      taken: boolean;
    }>`select pg_try_advisory_lock(${schemaLockKey}) as taken`.execute(connection);
    if (!rows[0]?.taken) {
      onWait();
      await sql`select pg_advisory_lock(${schemaLockKey})`.execute(connection);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${schemaLockKey})`.execute(connection);
    }
  });
}
