import { config } from "../config.ts";
import { singleton } from "../singleton.ts";
import { type Db, openDatabase } from "./database.ts";

/** The process's database handle. */
export function db(): Db {
  return singleton("db", () => openDatabase(config().database, { timed: config().metrics !== undefined }));
}

export type { Db } from "./database.ts";
