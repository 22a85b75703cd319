import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/** The backups the server takes on a schedule (BACKUP_EVERY): when, where, and how each ended. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const millis = epochMillisType(db);
  await db.schema
    .createTable("backups")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("folder", "varchar(1000)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("startedAt", millis, (col) => col.notNull())
    .addColumn("finishedAt", millis)
    .addColumn("error", "varchar(500)")
    .execute();
  await db.schema.createIndex("backupsStarted").on("backups").column("startedAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("backups").execute();
}
