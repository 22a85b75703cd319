import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { openDatabase } from "~/.server/db/database.ts";
import { noticeOnce } from "./notices.ts";

export const postgresUrl = process.env.TEST_DATABASE_URL;

if (!postgresUrl) {
  if (process.env.CI) {
    throw new Error("TEST_DATABASE_URL must be set in CI: the PostgreSQL suites cannot be skipped there.");
  }
  noticeOnce("TEST_DATABASE_URL is not set: skipping the PostgreSQL runs of the database suites.");
}

export interface FreshPostgres {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database for one suite, dropped afterwards. */
export async function freshPostgresDatabase(prefix: string): Promise<FreshPostgres> {
  const admin = openDatabase({ kind: "postgres", url: postgresUrl as string });
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(postgresUrl as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}
