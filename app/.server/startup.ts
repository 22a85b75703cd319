import { sql } from "kysely";
import { prepareAuthTables } from "./auth.ts";
import { ConfigError, config } from "./config.ts";
import { migrateToLatest } from "./db/database.ts";
import { db } from "./db/index.ts";
import { log } from "./log.ts";
import { contentVersion } from "./posts.ts";
import { storage } from "./storage/index.ts";

/**
 * Everything the site needs before it takes requests: valid configuration, a reachable
 * database, an up-to-date schema, a usable image store. Problems surface as one-line ConfigErrors.
 * Only the first thread of a server brings the schema up to date (the others start after it
 * listens), so the others never load the migration code.
 */
export async function startApp({ migrate }: { migrate: boolean }): Promise<void> {
  const { database, rateLimits } = config();
  if (!rateLimits)
    log().warn("RATE_LIMITS=off: log-ins, registrations and posts are not limited (for tests only)");
  const variable = database.kind === "postgres" ? "DATABASE_URL" : "DATA_DIR";
  try {
    await sql`select 1`.execute(db());
  } catch (error) {
    throw new ConfigError(`${variable}: cannot open the database (${reason(error)})`);
  }
  if (migrate) {
    try {
      await migrateToLatest(db());
      await prepareAuthTables();
    } catch (error) {
      throw new ConfigError(`${variable}: cannot prepare the database (${reason(error)})`);
    }
  }
  try {
    await (await storage()).check();
  } catch (error) {
    const store = config().storage.kind === "s3" ? "STORAGE_URL" : "DATA_DIR";
    throw new ConfigError(`${store}: cannot use the image store (${reason(error)})`);
  }
}

/** Closes the database so the process can exit cleanly. */
export async function stopApp(): Promise<void> {
  await db().destroy();
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  if (error && typeof error === "object" && "cause" in error && error.cause) return reason(error.cause);
  return error instanceof Error ? error.message : String(error);
}

/** The content version page caches key on (see posts.ts). */
export function currentContentVersion(): Promise<number> {
  return contentVersion(db());
}
