import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/** Which request holds each upload, so two instances never write the same upload at once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("uploadLocks")
    .addColumn("uploadId", "varchar(200)", (col) => col.primaryKey())
    .addColumn("holder", "varchar(64)", (col) => col.notNull())
    .addColumn("expiresAt", epochMillisType(db), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("uploadLocks").execute();
}
