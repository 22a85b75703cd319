import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Db, migrateToLatest, openDatabase } from "~/.server/db/database.ts";
import { freshPostgresDatabase, postgresUrl } from "./postgres.ts";

export interface TestDatabase {
  db: Db;
  close(): Promise<void>;
}

export interface Dialect {
  name: "sqlite" | "postgres";
  open(): Promise<TestDatabase>;
}

const sqlite: Dialect = {
  name: "sqlite",
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), "wm-sqlite-"));
    const db = openDatabase({ kind: "sqlite", file: path.join(dir, "test.db") });
    await migrateToLatest(db);
    return {
      db,
      async close() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: Dialect = {
  name: "postgres",
  async open() {
    const fresh = await freshPostgresDatabase("test");
    const db = openDatabase({ kind: "postgres", url: fresh.url });
    await migrateToLatest(db);
    return {
      db,
      async close() {
        await db.destroy();
        await fresh.drop();
      },
    };
  },
};

/** The dialects to run database suites against: SQLite always, PostgreSQL when configured. */
export const dialects: Dialect[] = postgresUrl ? [sqlite, postgres] : [sqlite];
export const postgresAvailable = Boolean(postgresUrl);

/** The images the suites' posts show as covers, once stored with `storeCover`. */
export const cover = { id: "cover-a", width: 1260, height: 750, fallback: "jpeg" as const };
export const otherCover = { id: "cover-b", width: 800, height: 600, fallback: "png" as const };

/** An image with no uploader stored as the database's posts expect a cover to be. */
export async function storeCover(
  db: Db,
  cover: { id: string; width: number; height: number; fallback: "jpeg" | "png" },
): Promise<void> {
  await db
    .insertInto("images")
    .values({ ...cover, userId: null, createdAt: 0 })
    .execute();
}
