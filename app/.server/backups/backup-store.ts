import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import { type Manifest, manifestName } from "./backup-set.ts";
import { Refusal } from "./refusal.ts";

/**
 * Where finished backups are kept: a folder or a bucket. A backup's parts are written into a
 * local folder first (SQLite's backup API and pg_dump write files), then published, the
 * manifest last: a backup without its manifest is unfinished, never one to restore.
 */
export interface BackupStore {
  /** The backup's address as the operator names it: a folder, or an s3:// address. */
  location(name: string): string;
  /** The backups here by name, oldest first: whole ones and unfinished ones (no manifest). */
  list(): Promise<{ whole: string[]; unfinished: string[] }>;
  /**
   * Lets `fill` write the parts into a local folder and say what they are, then publishes
   * them, the manifest last. A failure leaves nothing behind.
   */
  write(name: string, fill: (folder: string) => Promise<Manifest>): Promise<void>;
  /** Lends `use` a local folder holding the backup's parts; refuses a missing or unfinished one. */
  read<T>(name: string, use: (folder: string) => Promise<T>): Promise<T>;
  remove(name: string): Promise<void>;
}

/** 2026-05-01T09-30-00Z: the names the site gives backups (see `timestampName`). */
export const backupName = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;

export const manifestText = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;

/** Makes the target folder; says whether it was new, so a failed backup can leave no trace. */
function prepareTarget(folder: string): { created: boolean } {
  const exists = existsSync(folder);
  if (exists && readdirSync(folder).length > 0) {
    throw new Refusal(`${folder} is not empty: choose a new folder for each backup`);
  }
  // The backup holds the session secret: only its owner may read it.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return { created: !exists };
}

/** Backups as folders under one folder; a backup is whole once its manifest is written. */
export function folderBackups(root: string): BackupStore {
  const folderOf = (name: string) => path.join(root, name);
  return {
    location: folderOf,
    async list() {
      const names = (existsSync(root) ? readdirSync(root) : [])
        .filter((name) => backupName.test(name))
        .sort();
      const whole = names.filter((name) => existsSync(path.join(folderOf(name), manifestName)));
      return { whole, unfinished: names.filter((name) => !whole.includes(name)) };
    },
    async write(name, fill) {
      const folder = folderOf(name);
      const { created } = prepareTarget(folder);
      try {
        const manifest = await fill(folder);
        writeFileSync(path.join(folder, manifestName), manifestText(manifest));
      } catch (error) {
        // A folder that was there (empty) before stays, emptied again.
        const leftovers = created ? [folder] : readdirSync(folder).map((entry) => path.join(folder, entry));
        for (const leftover of leftovers) rmSync(leftover, { recursive: true, force: true });
        throw error;
      }
    },
    read(name, use) {
      return use(folderOf(name));
    },
    async remove(name) {
      rmSync(folderOf(name), { recursive: true, force: true });
    },
  };
}

/** The store for the backups under `folder` in the site's bucket; the AWS SDK is loaded only then. */
async function bucketStore(config: Config, folder: string): Promise<BackupStore | undefined> {
  if (config.storage.kind !== "s3") return undefined;
  const { bucketBackups } = await import("./bucket-store.ts");
  return bucketBackups(config.storage, folder);
}

/**
 * Where backups go when nobody says: with STORAGE_URL, beside the images in its bucket
 * (`<prefix>backups/` and, for the schedule, `<prefix>backups/scheduled/`); else `./backups`
 * and BACKUP_DIR.
 */
export async function defaultStores(config: Config): Promise<{ taken: BackupStore; scheduled: BackupStore }> {
  return {
    taken: (await bucketStore(config, "backups")) ?? folderBackups(path.resolve("backups")),
    scheduled: (await bucketStore(config, "backups/scheduled")) ?? folderBackups(config.backups.dir),
  };
}

/** The backup an operator named: an s3:// address in the site's bucket, or a folder. */
export async function backupAt(
  address: string,
  config: Config,
): Promise<{ store: BackupStore; name: string }> {
  if (!address.startsWith("s3://")) {
    const folder = path.resolve(address);
    return { store: folderBackups(path.dirname(folder)), name: path.basename(folder) };
  }
  const { storage } = config;
  const url = new URL(address);
  const key = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  if (storage.kind !== "s3" || url.hostname !== storage.bucket || !key.startsWith(storage.prefix)) {
    throw new Refusal(`${address} is not in the bucket STORAGE_URL names: nothing was changed`);
  }
  const inPrefix = key.slice(storage.prefix.length).split("/");
  const name = inPrefix.pop() ?? "";
  if (inPrefix.length === 0 || !backupName.test(name)) {
    throw new Refusal(`${address} is not a backup's address (…/backups/<time>): nothing was changed`);
  }
  const store = (await bucketStore(config, inPrefix.join("/"))) as BackupStore;
  return { store, name };
}
