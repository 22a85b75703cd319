/**
 * `npm run restore -- <folder or s3:// address>`: puts a backup made by `npm run backup` or the
 * schedule back into DATA_DIR (and DATABASE_URL's database). The server must be stopped first.
 * A missing, unfinished or mismatched backup is refused before anything is touched. Without an
 * argument, lists the whole backups where the site puts them.
 */
import { chmodSync, copyFileSync, cpSync, existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import {
  authSecretName,
  describeImages,
  imagesName,
  listOf,
  readBackup,
} from "../app/.server/backups/backup-set.ts";
import { type BackupStore, backupAt, defaultStores } from "../app/.server/backups/backup-store.ts";
import { postgresTool } from "../app/.server/backups/postgres-tools.ts";
import { Refusal } from "../app/.server/backups/refusal.ts";
import { checkDatabaseCopy } from "../app/.server/backups/take.ts";
import type { Config } from "../app/.server/config.ts";
import { openDatabase } from "../app/.server/db/database.ts";
import { siteConfig } from "./backups/site-config.ts";
import { runScript } from "./run-script.ts";

const kindName = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

/** A site still answering on the configured port would keep writing to what is being replaced. */
async function refuseWhileServerRuns(port: number): Promise<void> {
  const answered = await fetch(`http://127.0.0.1:${port}/healthz`, {
    signal: AbortSignal.timeout(2000),
  }).then(
    () => true,
    () => false,
  );
  if (answered)
    throw new Refusal(`a server is answering on port ${port}: stop the server first, then restore`);
}

async function restoreDatabase(database: Config["database"], copy: string): Promise<void> {
  if (database.kind === "postgres") {
    // One transaction: if any statement fails, the database is left as it was. An empty
    // --dbname restores into a database (rather than printing SQL), the one the environment names.
    await postgresTool(
      "pg_restore",
      ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--dbname=", copy],
      database.url,
    );
    return;
  }
  const incoming = `${database.file}.restoring`;
  copyFileSync(copy, incoming);
  chmodSync(incoming, 0o600);
  // The old write-ahead log belongs to the old file; left beside the new one it would corrupt it.
  for (const suffix of ["-wal", "-shm"]) rmSync(`${database.file}${suffix}`, { force: true });
  renameSync(incoming, database.file);
}

/**
 * The copy holds the leases its instances held as it was taken (a scheduled backup's own, an
 * upload's): those instances are stopped now, so none of them stands.
 */
async function endLeases(database: Config["database"]): Promise<void> {
  const db = openDatabase(database);
  try {
    await db.deleteFrom("uploadLocks").execute();
  } finally {
    await db.destroy();
  }
}

/** Swaps the images folder whole, so a failure half-way leaves the old one in place. */
function restoreImages(copy: string, live: string): void {
  const incoming = `${live}.restoring`;
  const outgoing = `${live}.replaced`;
  rmSync(incoming, { recursive: true, force: true });
  cpSync(copy, incoming, { recursive: true });
  rmSync(outgoing, { recursive: true, force: true });
  if (existsSync(live)) renameSync(live, outgoing);
  renameSync(incoming, live);
  rmSync(outgoing, { recursive: true, force: true });
}

/** The whole backups where `npm run backup` and the schedule put them, oldest first. */
async function listBackups(config: Config): Promise<void> {
  const { taken, scheduled } = await defaultStores(config);
  const where = (store: BackupStore) => path.dirname(store.location("-"));
  for (const [what, store] of [
    ["Taken by npm run backup", taken],
    ["Taken on the schedule", scheduled],
  ] as const) {
    const { whole } = await store.list();
    console.log(`${what}, in ${where(store)}: ${whole.length === 0 ? "none" : ""}`);
    for (const name of whole) console.log(`  ${store.location(name)}`);
  }
  console.log("Stop the server, then restore one with: npm run restore -- <one of these>");
}

async function restore(address: string | undefined): Promise<void> {
  const config = siteConfig();
  if (!address) return listBackups(config);
  const { store, name } = await backupAt(address, config);
  await store.read(name, async (folder) => {
    const manifest = readBackup(folder, store.location(name));
    if (manifest.database !== config.database.kind) {
      const setting = config.database.kind === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is not set";
      throw new Refusal(
        `this backup holds a ${kindName[manifest.database]} database but ${setting}: nothing was changed`,
      );
    }
    const databaseCopy = path.join(folder, manifest.files.database);
    await checkDatabaseCopy(manifest, databaseCopy);
    await refuseWhileServerRuns(config.port);

    await restoreDatabase(config.database, databaseCopy);
    await endLeases(config.database);
    const parts = [`the ${kindName[manifest.database]} database`];
    if (manifest.files.images) {
      restoreImages(path.join(folder, manifest.files.images), path.join(config.dataDir, imagesName));
      parts.push(describeImages(path.join(config.dataDir, imagesName)));
    }
    if (manifest.files.authSecret) {
      const secret = path.join(config.dataDir, authSecretName);
      copyFileSync(path.join(folder, manifest.files.authSecret), secret);
      chmodSync(secret, 0o600);
      parts.push("the session secret");
    }
    if (manifest.imagesInObjectStore) {
      console.log(
        "Images are in the object store (STORAGE_URL): this backup holds none, so they were left as they are.",
      );
    }
    console.log(
      `Restored ${listOf(parts)} from the backup of ${manifest.createdAt}. Start the server again.`,
    );
  });
}

await runScript("restore", () => restore(process.argv[2]));
