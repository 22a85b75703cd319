import { type Kysely, sql } from "kysely";
import { dialectOf } from "../dialect.ts";

/**
 * Search has a cost ceiling (decision 034): SQLite's index also keeps every word's first three
 * letters, so a search for the shortest beginnings searched ("mar lor ren…") reads one list
 * per word instead of merging the lists of every word that begins so. PostgreSQL's GIN index needs nothing new.
 * The triggers of migration 009 keep writing to the table by its name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") await rebuildIndex(db, "prefix = '3',");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") await rebuildIndex(db, "");
}

async function rebuildIndex(db: Kysely<unknown>, options: string): Promise<void> {
  await sql`drop table "postSearch"`.execute(db);
  await sql`create virtual table "postSearch" using fts5(
    title, content, ${sql.raw(options)} tokenize = 'unicode61 remove_diacritics 0'
  )`.execute(db);
  await sql`insert into "postSearch" (rowid, title, content)
    select r.id, p.title, p.content from posts p join "postSearchRows" r on r.slug = p.slug`.execute(db);
}
