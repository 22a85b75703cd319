import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { Db } from "~/.server/db/database.ts";

/** SQLite's own verdict on a database file: "ok" when every page and index is sound. */
export function sqliteIntegrity(file: string): { integrity: string; foreignKeyViolations: number } {
  const db = new SQLite(file);
  try {
    const integrity = db.pragma("integrity_check", { simple: true }) as string;
    const violations = db.pragma("foreign_key_check") as unknown[];
    return { integrity, foreignKeyViolations: violations.length };
  } finally {
    db.close();
  }
}

/** Posts whose cover or author row is missing: a sound database has none. */
export async function danglingPosts(db: Db): Promise<string[]> {
  const rows = await sql<{ slug: string }>`
    select p.slug from posts p
    left join images i on i.id = p."coverImageId"
    left join "user" u on u.id = p."userId"
    where i.id is null or (p."userId" is not null and u.id is null)`.execute(db);
  return rows.rows.map((row) => row.slug);
}
