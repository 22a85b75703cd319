import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/**
 * Where a post stands (published, a draft, awaiting review) and whether an owner has hidden
 * it. Existing posts are published and shown, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("posts")
    .addColumn("status", "varchar(16)", (col) => col.notNull().defaultTo("published"))
    .execute();
  await db.schema.alterTable("posts").addColumn("hiddenAt", epochMillisType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("posts").dropColumn("hiddenAt").execute();
  await db.schema.alterTable("posts").dropColumn("status").execute();
}
