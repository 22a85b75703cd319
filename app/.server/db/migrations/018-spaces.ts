import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/**
 * Spaces for lease (SPEC §13): the details as JSON checked by the form's schema, with what is
 * queried (status, archived, order) as columns; and the space an enquiry was about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const millis = epochMillisType(db);
  await db.schema
    .createTable("spaces")
    .addColumn("slug", "varchar(100)", (col) => col.primaryKey())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("archived", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("details", "text", (col) => col.notNull())
    .addColumn("createdAt", millis, (col) => col.notNull())
    .addColumn("updatedAt", millis, (col) => col.notNull())
    .execute();
  await db.schema.alterTable("enquiries").addColumn("spaceSlug", "varchar(100)").execute();
  await db.schema.createIndex("enquiriesSpace").on("enquiries").column("spaceSlug").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("enquiriesSpace").execute();
  await db.schema.alterTable("enquiries").dropColumn("spaceSlug").execute();
  await db.schema.dropTable("spaces").execute();
}
