import type { Transaction } from "kysely";
import type { Db } from "./database.ts";
import type { Database } from "./schema.ts";

/** Runs `work` in a transaction, or in the caller's when there already is one. */
export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}
