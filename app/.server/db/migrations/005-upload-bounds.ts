import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/**
 * Each upload a user sends, so their unused bytes can be bounded and unused images removed;
 * and since when an image has had no post (its cover was replaced or its post deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("uploads")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("userId", "varchar(255)", (col) => col.notNull())
    .addColumn("bytes", "integer", (col) => col.notNull())
    .addColumn("createdAt", epochMillisType(db), (col) => col.notNull())
    .addColumn("sweptAt", epochMillisType(db))
    .execute();
  await db.schema.createIndex("uploads_user_idx").on("uploads").column("userId").execute();
  await db.schema.alterTable("images").addColumn("releasedAt", epochMillisType(db)).execute();
  // The sweep and every image's "is it used?" look posts up by cover.
  await db.schema.createIndex("posts_cover_idx").on("posts").column("coverImageId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("posts_cover_idx").execute();
  await db.schema.alterTable("images").dropColumn("releasedAt").execute();
  await db.schema.dropTable("uploads").execute();
}
