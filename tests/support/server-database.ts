import path from "node:path";
import { type Db, openDatabase } from "~/.server/db/database.ts";
import type { RunningServer } from "./server.ts";

/** A connection to the database a test server runs on (its DATABASE_URL, else its SQLite file). */
export function serverDatabase(server: RunningServer, env: Record<string, string> = {}): Db {
  return openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "sqlite", file: path.join(server.dataDir, "site.db") },
  );
}
