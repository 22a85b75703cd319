import { type Kysely, sql } from "kysely";
import { dialectOf, epochMillisType } from "../dialect.ts";

/**
 * Writing tools (SPEC §14, decision 032): a draft may have no cover yet; a post remembers when
 * it was last saved, when it first went public and when its public text last changed; every
 * save keeps a revision; a draft may have a preview link; images inside a post's text are
 * recorded so the sweep keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const millis = epochMillisType(db);
  if (dialectOf(db) === "postgres")
    await sql`alter table posts alter column "coverImageId" drop not null`.execute(db);
  else await dropCoverNotNullOnSqlite(db);
  await db.schema
    .alterTable("posts")
    .addColumn("savedAt", millis, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("posts").addColumn("firstPublishedOn", millis).execute();
  await db.schema.alterTable("posts").addColumn("updatedOn", millis).execute();
  // Posts already public went public at their date; the rest have not yet.
  await sql`update posts set "savedAt" = "publishedOn",
    "firstPublishedOn" = case when status = 'published' and "publishedOn" <= ${Date.now()} then "publishedOn" end`.execute(
    db,
  );

  await db.schema
    .createTable("postRevisions")
    .addColumn("id", dialectOf(db) === "postgres" ? "bigserial" : "integer", (col) =>
      dialectOf(db) === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("slug", "varchar(255)", (col) => col.notNull().references("posts.slug").onDelete("cascade"))
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("coverImageId", "varchar(64)")
    .addColumn("coverAlt", "varchar(200)", (col) => col.notNull())
    .addColumn("tags", "varchar(200)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    // "save", "restore", or "autosave" (work in progress on a published post, not yet public).
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("savedBy", "varchar(255)")
    .addColumn("savedAt", millis, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("post_revisions_slug_idx")
    .on("postRevisions")
    .columns(["slug", "id"])
    .execute();
  await sql`insert into "postRevisions" (slug, title, content, "coverImageId", "coverAlt", tags, status, kind, "savedBy", "savedAt")
    select p.slug, p.title, p.content, p."coverImageId", p."coverAlt",
      coalesce((select ${tagList(db)} from "postTags" t where t.slug = p.slug), ''),
      p.status, 'save', p."userId", p."savedAt"
    from posts p`.execute(db);

  await db.schema
    .createTable("previewLinks")
    .addColumn("slug", "varchar(255)", (col) => col.primaryKey().references("posts.slug").onDelete("cascade"))
    .addColumn("tokenHash", "varchar(64)", (col) => col.notNull().unique())
    .addColumn("expiresAt", millis, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("postImages")
    .addColumn("slug", "varchar(255)", (col) => col.notNull().references("posts.slug").onDelete("cascade"))
    .addColumn("imageId", "varchar(64)", (col) => col.notNull())
    .addPrimaryKeyConstraint("post_images_pk", ["slug", "imageId"])
    .execute();
  await db.schema.createIndex("post_images_image_idx").on("postImages").column("imageId").execute();
}

/** A post's tags as one comma-separated text, alphabetically. */
function tagList(db: Kysely<unknown>) {
  return dialectOf(db) === "postgres"
    ? sql`string_agg(t.tag, ', ' order by t.tag)`
    : sql`(select group_concat(tag, ', ') from (select tag from "postTags" s where s.slug = p.slug order by tag))`;
}

/**
 * SQLite cannot drop a NOT NULL constraint in place: the table is made again from its own
 * definition without it, in this migration's transaction. Dropping the old table would
 * cascade to the tables referring to posts, so their rows are set aside and put back; the
 * table's indexes and triggers (the search index's) are made again from their definitions.
 */
async function dropCoverNotNullOnSqlite(db: Kysely<unknown>): Promise<void> {
  const definitions = await sql<{ type: string; sql: string }>`select type, sql from sqlite_schema
    where tbl_name = 'posts' and sql is not null order by type = 'table' desc`.execute(db);
  const [table, ...dependents] = definitions.rows;
  if (!table) throw new Error("the posts table is missing");
  const relaxed = table.sql.replace(/("coverImageId" varchar\(64\)) not null/i, "$1");
  if (relaxed === table.sql) {
    // Already without it: this migration was taken down (which leaves the column relaxed) and up again.
    if (/"coverImageId" varchar\(64\)(?!\s+not null)/i.test(table.sql)) return;
    throw new Error("the posts table's cover column is not as expected");
  }
  const referring = await sql<{ name: string }>`select m.name from sqlite_schema m
    where m.type = 'table' and exists (select 1 from pragma_foreign_key_list(m.name) f where f."table" = 'posts')`.execute(
    db,
  );
  await sql`pragma defer_foreign_keys = on`.execute(db);
  for (const { name } of referring.rows)
    await sql`create temp table ${sql.id(`kept_${name}`)} as select * from ${sql.id(name)}`.execute(db);
  await sql.raw(relaxed.replace(/^create table "posts"/i, 'create table "posts_relaxed"')).execute(db);
  await sql`insert into "posts_relaxed" select * from posts`.execute(db);
  await sql`drop table posts`.execute(db);
  await sql`alter table "posts_relaxed" rename to posts`.execute(db);
  for (const dependent of dependents) await sql.raw(dependent.sql).execute(db);
  for (const { name } of referring.rows) {
    await sql`delete from ${sql.id(name)}`.execute(db);
    await sql`insert into ${sql.id(name)} select * from ${sql.raw(`temp."kept_${name}"`)}`.execute(db);
    await sql`drop table ${sql.raw(`temp."kept_${name}"`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("postImages").execute();
  await db.schema.dropTable("previewLinks").execute();
  await db.schema.dropTable("postRevisions").execute();
  await db.schema.alterTable("posts").dropColumn("updatedOn").execute();
  await db.schema.alterTable("posts").dropColumn("firstPublishedOn").execute();
  await db.schema.alterTable("posts").dropColumn("savedAt").execute();
}
