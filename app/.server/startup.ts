import { sql } from "kysely";
import { prepareAuthTables } from "./accounts/auth.ts";
import { startBackups, stopBackups } from "./backups/schedule.ts";
import { ConfigError, config } from "./config.ts";
import { migrateToLatest } from "./db/database.ts";
import { db } from "./db/index.ts";
import { underSchemaLock } from "./db/schema-lock.ts";
import { log } from "./log.ts";
import { waitingMessages } from "./mail/outbox.ts";
import { startSending, stopSending } from "./mail/sender.ts";
import { watchOutbox } from "./metrics.ts";
import { contentVersion } from "./posts/posts.ts";
import { startMailings, stopMailings } from "./subscriptions/mailings.ts";
import { shareImageSlots } from "./uploads/image-slots.ts";
import { storage } from "./uploads/storage/index.ts";
import { startSweeping, stopSweeping } from "./uploads/unused-images.ts";

interface StartOptions {
  /** The server's first thread: it alone migrates and sweeps. */
  firstThread: boolean;
  /** The image-processing slots every thread of the process shares (see image-slots.ts). */
  imageSlots: Int32Array;
}

/** What bringing the schema up to date changed: our migrations applied, better-auth's tables and columns. */
export interface SchemaChanges {
  migrations: string[];
  authTables: string[];
}

/** The variable that names the database, for one-line messages. */
const databaseVariable = () => (config().database.kind === "postgres" ? "DATABASE_URL" : "DATA_DIR");

async function reachDatabase(): Promise<void> {
  try {
    await sql`select 1`.execute(db());
  } catch (error) {
    throw new ConfigError(`${databaseVariable()}: cannot open the database (${reason(error)})`);
  }
}

/** Runs `work` while no other instance prepares or fills the database (decision 019). */
export function oneInstanceAtATime<T>(work: () => Promise<T>): Promise<T> {
  return underSchemaLock(db(), work, () =>
    log().info("another instance is preparing the database; waiting for it"),
  );
}

/**
 * Brings the schema up to date, our migrations then better-auth's, one instance at a time:
 * instances starting together on a new database wait for each other instead of failing.
 * Used at start and by `npm run db:migrate`.
 */
export async function prepareDatabase(): Promise<SchemaChanges> {
  await reachDatabase();
  try {
    return await oneInstanceAtATime(async () => ({
      migrations: await migrateToLatest(db()),
      authTables: await prepareAuthTables(),
    }));
  } catch (error) {
    throw new ConfigError(`${databaseVariable()}: cannot prepare the database (${reason(error)})`);
  }
}

/**
 * Everything the site needs before it takes requests: valid configuration, a reachable
 * database, an up-to-date schema, a usable image store. Problems surface as one-line ConfigErrors.
 * Only the first thread of a server brings the schema up to date (the others start after it
 * listens), so the others never load the migration code; it also runs the sweep of unused images
 * and the mail sender, and reads the outbox for the metrics.
 */
export async function startApp({ firstThread, imageSlots }: StartOptions): Promise<void> {
  shareImageSlots(imageSlots);
  if (!config().rateLimits)
    log().warn("RATE_LIMITS=off: log-ins, registrations, posts and uploads are not limited (for tests only)");
  if (firstThread) await prepareDatabase();
  else await reachDatabase();
  try {
    await (await storage()).check();
  } catch (error) {
    const store = config().storage.kind === "s3" ? "STORAGE_URL" : "DATA_DIR";
    throw new ConfigError(`${store}: cannot use the image store (${reason(error)})`);
  }
  if (firstThread) {
    startSweeping(db());
    startSending(db());
    startMailings(db());
    startBackups(db());
    // Every thread reads the same outbox: one thread's reading is the server's.
    if (config().metrics) watchOutbox(() => waitingMessages(db()));
  }
}

/** Lets a sweep in progress finish, then closes the database so the process can exit cleanly. */
export async function stopApp(): Promise<void> {
  await Promise.all([stopSweeping(), stopSending(), stopMailings(), stopBackups()]);
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
