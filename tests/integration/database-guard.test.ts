import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialects, type TestDatabase } from "../support/databases.ts";

/**
 * On PostgreSQL every connection goes through the guard that answers a lost database as 503
 * (db/availability.ts); whatever Kysely can do with a bare driver must work through it.
 */
describe.each(dialects)("the database guard on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
  });
  afterEach(async () => {
    await t.close();
  });

  const counter = (key: string) => ({ key, count: 1, resetAt: 0 });

  it("passes savepoints through: a rolled-back savepoint undoes only what followed it", async () => {
    const trx = await t.db.startTransaction().execute();
    await trx.insertInto("rateLimits").values(counter("before")).execute();
    const saved = await trx.savepoint("before_second").execute();
    await saved.insertInto("rateLimits").values(counter("undone")).execute();
    const rolledBack = await saved.rollbackToSavepoint("before_second").execute();
    const inner = await rolledBack.savepoint("before_third").execute();
    await inner.insertInto("rateLimits").values(counter("kept")).execute();
    await (await inner.releaseSavepoint("before_third").execute()).commit().execute();

    const keys = await t.db.selectFrom("rateLimits").select("key").orderBy("key").execute();
    expect(keys.map((row) => row.key)).toEqual(["before", "kept"]);
  });

  it.runIf(dialect.name === "postgres")("passes query cancellation through to the server", async () => {
    const aborting = new AbortController();
    const started = Date.now();
    const sleeping = sql`select pg_sleep(30)`.execute(t.db, {
      signal: aborting.signal,
      inflightQueryAbortStrategy: "cancel query",
    });
    setTimeout(() => aborting.abort(), 300);
    await expect(sleeping).rejects.toMatchObject({ name: "AbortError" });
    // Cancelled on the server, not only abandoned by the client (the cancel request travels on
    // a connection of its own, so it may land a moment after the client gave up).
    const stillSleeping = async () => {
      const { rows } = await sql<{ running: number }>`
        select count(*)::int as running from pg_stat_activity
        where datname = current_database() and query = 'select pg_sleep(30)' and state = 'active'
      `.execute(t.db);
      return rows[0]?.running;
    };
    await expect.poll(stillSleeping, { timeout: 5000 }).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
