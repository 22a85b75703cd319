import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/**
 * Scheduled posts, cover descriptions and tags. `publishAt` is set only on posts saved with a
 * future `Publish at` (their `publishedOn` is that moment too); the page caches count how many
 * of those moments have passed (posts.ts `contentVersion`), so the index on it keeps that cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("posts").addColumn("publishAt", epochMillisType(db)).execute();
  await db.schema
    .alterTable("posts")
    .addColumn("coverAlt", "varchar(200)", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("posts_publish_at_idx").on("posts").column("publishAt").execute();
  await db.schema
    .createTable("postTags")
    .addColumn("slug", "varchar(255)", (col) => col.notNull().references("posts.slug").onDelete("cascade"))
    .addColumn("tag", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("post_tags_pk", ["slug", "tag"])
    .execute();
  await db.schema.createIndex("post_tags_tag_idx").on("postTags").columns(["tag", "slug"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("postTags").execute();
  await db.schema.dropIndex("posts_publish_at_idx").execute();
  await db.schema.alterTable("posts").dropColumn("coverAlt").execute();
  await db.schema.alterTable("posts").dropColumn("publishAt").execute();
}
