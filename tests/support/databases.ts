import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { type Db, migrateToLatest, openDatabase } from "~/.server/db/database.ts";

export interface TestDatabase {
  db: Db;
  close(): Promise<void>;
}

export interface Dialect {
  name: "sqlite" | "postgres";
  open(): Promise<TestDatabase>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

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

/** Each PostgreSQL test database is a fresh schema, dropped afterwards. */
const postgres: Dialect = {
  name: "postgres",
  async open() {
    const url = postgresUrl as string;
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = openDatabase({ kind: "postgres", url });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    const db = openDatabase({ kind: "postgres", url }, { schema });
    await migrateToLatest(db);
    return {
      db,
      async close() {
        await db.destroy();
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
        await admin.destroy();
      },
    };
  },
};

if (!postgresUrl) {
  if (process.env.CI)
    throw new Error("TEST_DATABASE_URL must be set in CI: the PostgreSQL suites cannot be skipped there.");
  console.warn("TEST_DATABASE_URL is not set: skipping the PostgreSQL runs of the database suites.");
}

/** The dialects to run database suites against: SQLite always, PostgreSQL when configured. */
export const dialects: Dialect[] = postgresUrl ? [sqlite, postgres] : [sqlite];
export const postgresAvailable = Boolean(postgresUrl);
