import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/** Attempt counters shared by every server instance (login and registration limits). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rateLimits")
    .addColumn("key", "varchar(320)", (col) => col.primaryKey())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("resetAt", epochMillisType(db), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rateLimits").execute();
}
