import type { Kysely } from "kysely";

/** One number, bumped by every post write; page caches on every instance key on it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contentVersion")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull())
    .execute();
  await (db as Kysely<{ contentVersion: { id: number; version: number } }>)
    .insertInto("contentVersion")
    .values({ id: 1, version: 1 })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contentVersion").execute();
}
