import { type Kysely, PostgresAdapter } from "kysely";

export type DialectName = "sqlite" | "postgres";

/** The one place that knows how the two dialects differ. */
export function dialectOf<T>(db: Kysely<T>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** Column type for epoch-millisecond times: `integer` is 64-bit in SQLite but 32-bit in PostgreSQL. */
export function epochMillisType<T>(db: Kysely<T>): "bigint" | "integer" {
  return dialectOf(db) === "postgres" ? "bigint" : "integer";
}
