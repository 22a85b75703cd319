import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Processed images (covers): the variants live in storage under the image's id.
  await db.schema
    .createTable("images")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("userId", "varchar(255)")
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("fallback", "varchar(8)", (col) => col.notNull())
    .addColumn("createdAt", epochMillisType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("posts")
    .addColumn("slug", "varchar(255)", (col) => col.primaryKey())
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("publishedOn", epochMillisType(db), (col) => col.notNull())
    .addColumn("coverImageId", "varchar(64)", (col) => col.notNull().references("images.id"))
    .addColumn("userId", "varchar(255)")
    // The id of the form that created the post: a form sent twice creates one post.
    .addColumn("submissionId", "varchar(64)", (col) => col.unique())
    .execute();
  // Newest-first listing (with the slug as tie-breaker) and each author's own list.
  await db.schema
    .createIndex("posts_published_idx")
    .on("posts")
    .columns(["publishedOn desc", "slug"])
    .execute();
  await db.schema
    .createIndex("posts_user_published_idx")
    .on("posts")
    .columns(["userId", "publishedOn desc"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("posts").execute();
  await db.schema.dropTable("images").execute();
}
