import path from "node:path";
import type { Config } from "../app/.server/config.ts";

/** Which database a script worked on, for its report: never the password of a PostgreSQL URL. */
export function describeDatabase(database: Config["database"]): string {
  if (database.kind === "sqlite")
    return `SQLite, ${path.relative(process.cwd(), database.file) || database.file}`;
  const url = new URL(database.url);
  return `PostgreSQL, ${url.host}${url.pathname}`;
}
