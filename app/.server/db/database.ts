import { closeSync, openSync } from "node:fs";
import SQLite from "better-sqlite3";
import { CompiledQuery, type Driver, Kysely, type LogEvent, PostgresDialect, SqliteDialect } from "kysely";
import { type MigrationProvider, Migrator } from "kysely/migration";
import { LRUCache } from "lru-cache";
import type { Config } from "../config.ts";
import { metrics } from "../metrics.ts";
import { answeringUnavailable } from "./availability.ts";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

/**
 * Opens the configured database; nothing is queried until first use. `timed`: each statement's
 * time goes to the metrics, when they are on (a profile of a signed-in reader's page showed the
 * timing and counting at about a tenth of the session query's own cost).
 */
export function openDatabase(database: Config["database"], { timed = false } = {}): Db {
  const log = timed ? timeQuery : undefined;
  if (database.kind === "postgres") {
    return new Kysely<Database>({
      dialect: answeringUnavailable(new PostgresDialect({ pool: () => postgresPool(database.url) })),
      log,
    });
  }
  return new Kysely<Database>({
    dialect: new WriteLockingSqliteDialect({
      database: async () => {
        // Made here rather than by SQLite, so that only the site's own user may read it (SQLite
        // gives the write-ahead log and its index the database file's mode).
        closeSync(openSync(database.file, "a", 0o600));
        const db = new SQLite(database.file);
        db.pragma("journal_mode = WAL");
        // FULL: a commit that returned success survives a power cut, not only a process crash.
        db.pragma("synchronous = FULL");
        db.pragma("foreign_keys = ON");
        db.pragma("busy_timeout = 5000");
        return withStatementCache(db);
      },
    }),
    log,
  });
}

const statements: Record<string, string> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
};

/** Each statement's time, for the metrics: by kind (raw SQL, schema changes and transactions are "other"). */
function timeQuery(event: LogEvent): void {
  metrics().databaseQueries.observe(
    {
      statement: statements[event.query.query.kind] ?? "other",
      outcome: event.level === "query" ? "ok" : "error",
    },
    event.queryDurationMillis / 1000,
  );
}

/**
 * SQLite transactions take the write lock when they begin (`begin immediate`). A transaction
 * that reads and then writes would otherwise fail at once with "database is locked" when
 * another connection (another thread, the mail sender) wrote in between, instead of waiting
 * its turn under busy_timeout.
 */
class WriteLockingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    return driver;
  }
}

/** The pool, with the driver loaded on first use: a site on SQLite never loads it. */
async function postgresPool(url: string) {
  const { default: pg } = await import("pg");
  // PostgreSQL returns 64-bit integers (epoch-millisecond times, counts) as strings by default;
  // every such value here fits in a JavaScript number.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // A client losing its connection must not crash the process: idle ones report to the pool,
  // which replaces them; one checked out reports to itself (the query that used it fails and
  // is answered as "unavailable"), and the pool drops it when it comes back.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/**
 * The connection with each SQL text compiled once: the site runs the same few queries over
 * and over, and compiling one costs as much as running it.
 */
function withStatementCache(db: SQLite.Database) {
  // Counted, not weighed: a compiled statement's memory is SQLite's, out of sight; the garbage collector finalizes those let go.
  const statements = new LRUCache<string, SQLite.Statement>({ max: 200 });
  return {
    close: () => db.close(),
    prepare(sql: string): SQLite.Statement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Brings the schema up to date; the same migrations serve both dialects. Returns those applied.
 * Features are built side by side, each with its own number: one merged later may bring a
 * lower number than one a database already has, and it is applied then, not refused.
 */
export async function migrateToLatest(db: Db, provider: MigrationProvider = migrations): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${reason}`.replace("  ", " "));
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Migrations this build has that the database has not had yet (none: the schema is current). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrations });
  return (await migrator.getMigrations())
    .filter((migration) => migration.executedAt === undefined)
    .map((migration) => migration.name);
}
