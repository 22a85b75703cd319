import { type Kysely, sql } from "kysely";
import { dialectOf, epochMillisType } from "../dialect.ts";

/**
 * Scheduled posts, cover descriptions, tags and full-text search. `publishAt` is set only on posts saved with a
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
  await createSearchIndex(db);
}

/**
 * Each post's title and content, searchable (search.ts), kept by the database itself in the
 * transaction of every write, whichever code writes: PostgreSQL in a generated tsvector
 * column, SQLite in an FTS5 table its triggers fill. Both split words on what is not a letter
 * or digit, fold case and keep accents and word forms as written, so the same words match
 * the same posts on both.
 */
async function createSearchIndex(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`alter table posts add column "searchDocument" tsvector generated always as (
      setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', content), 'B')
    ) stored`.execute(db);
    await sql`create index posts_search_idx on posts using gin ("searchDocument")`.execute(db);
    return;
  }
  // FTS5 rows are found by rowid: each post gets a stable integer one here (a plain table's
  // own rowid may be renumbered by VACUUM).
  await sql`create table "postSearchRows" (id integer primary key, slug varchar(255) not null unique)`.execute(
    db,
  );
  await sql`create virtual table "postSearch" using fts5(
    title, content, tokenize = 'unicode61 remove_diacritics 0'
  )`.execute(db);
  await sql`insert into "postSearchRows" (slug) select slug from posts`.execute(db);
  await sql`insert into "postSearch" (rowid, title, content)
    select r.id, p.title, p.content from posts p join "postSearchRows" r on r.slug = p.slug`.execute(db);
  await sql`create trigger posts_search_insert after insert on posts begin
    insert into "postSearchRows" (slug) values (new.slug);
    insert into "postSearch" (rowid, title, content) values (last_insert_rowid(), new.title, new.content);
  end`.execute(db);
  await sql`create trigger posts_search_update after update of title, content on posts begin
    update "postSearch" set title = new.title, content = new.content
      where rowid = (select id from "postSearchRows" where slug = old.slug);
  end`.execute(db);
  await sql`create trigger posts_search_delete after delete on posts begin
    delete from "postSearch" where rowid = (select id from "postSearchRows" where slug = old.slug);
    delete from "postSearchRows" where slug = old.slug;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`alter table posts drop column "searchDocument"`.execute(db);
  } else {
    for (const trigger of ["posts_search_insert", "posts_search_update", "posts_search_delete"])
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    await sql`drop table "postSearch"`.execute(db);
    await sql`drop table "postSearchRows"`.execute(db);
  }
  await db.schema.dropTable("postTags").execute();
  await db.schema.dropIndex("posts_publish_at_idx").execute();
  await db.schema.alterTable("posts").dropColumn("coverAlt").execute();
  await db.schema.alterTable("posts").dropColumn("publishAt").execute();
}
