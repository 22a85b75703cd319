import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/**
 * The building's details as the owners last saved them (one row, JSON checked by the form's
 * schema; no row: the defaults in app/site/site.ts), and, on each enquiry, why it was kept but
 * not sent (its recipient was a placeholder), or nothing when it was sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("building")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("details", "text", (col) => col.notNull())
    .addColumn("updatedAt", epochMillisType(db), (col) => col.notNull())
    .execute();
  await db.schema.alterTable("enquiries").addColumn("notSent", "varchar(200)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("enquiries").dropColumn("notSent").execute();
  await db.schema.dropTable("building").execute();
}
