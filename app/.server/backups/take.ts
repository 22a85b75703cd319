import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Config } from "../config.ts";
import {
  authSecretName,
  databaseFileName,
  describeImages,
  imagesName,
  listOf,
  type Manifest,
  readBackup,
} from "./backup-set.ts";
import type { BackupStore } from "./backup-store.ts";
import { postgresTool } from "./postgres-tools.ts";
import { Refusal } from "./refusal.ts";

/** 2026-05-01T09-30-00Z: sorts by time and is a valid folder name everywhere. */
export function timestampName(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}

async function copyDatabase(database: Config["database"], target: string): Promise<void> {
  if (database.kind === "postgres") {
    await postgresTool("pg_dump", ["--format=custom", `--file=${target}`], database.url);
    return;
  }
  // SQLite's online backup API, asked for every page in one step: one read of a consistent
  // snapshot, which the server's writes (to the write-ahead log) neither block nor restart.
  const source = new SQLite(database.file, { fileMustExist: true });
  try {
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

/** Copies finished image files; a variant still being written is a `.partial` file and is skipped. */
function copyImages(source: string, target: string): void {
  if (!existsSync(source)) {
    mkdirSync(target);
    return;
  }
  cpSync(source, target, { recursive: true, filter: (file) => !file.endsWith(".partial") });
}

/**
 * Takes a consistent copy of the site's data while it runs: the database, the images (unless
 * they are in a bucket) and the session secret, into `store` as the backup `name` (the
 * manifest last). Returns what it copied, as words.
 */
export async function takeBackup(config: Config, store: BackupStore, name: string): Promise<string> {
  const imagesInObjectStore = config.storage.kind === "s3";
  const secretFile = path.join(config.dataDir, authSecretName);
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: config.database.kind,
    files: {
      database: databaseFileName[config.database.kind],
      images: imagesInObjectStore ? null : imagesName,
      authSecret: existsSync(secretFile) ? authSecretName : null,
    },
    imagesInObjectStore,
  };

  if (config.database.kind === "sqlite" && !existsSync(config.database.file)) {
    throw new Refusal(`there is no database at ${config.database.file}: check DATA_DIR`);
  }
  const kind = config.database.kind === "sqlite" ? "SQLite" : "PostgreSQL";
  const parts = [`the ${kind} database`];
  await store.write(name, async (folder) => {
    // The database first, then the images: images are only ever added before the rows that
    // use them, so every image the copied database mentions is already on disk.
    await copyDatabase(config.database, path.join(folder, manifest.files.database));
    if (manifest.files.images) {
      copyImages(path.join(config.dataDir, imagesName), path.join(folder, imagesName));
      parts.push(describeImages(path.join(folder, imagesName)));
    }
    if (manifest.files.authSecret) {
      copyFileSync(secretFile, path.join(folder, authSecretName));
      chmodSync(path.join(folder, authSecretName), 0o600);
      parts.push("the session secret");
    }
    return manifest;
  });
  return listOf(parts);
}

/** Checks a backup's database copy can be read back (before it counts, and before a restore uses it). */
export async function checkDatabaseCopy(manifest: Manifest, file: string): Promise<void> {
  if (manifest.database === "postgres") {
    await postgresTool("pg_restore", ["--list", file]);
    return;
  }
  let verdict: string;
  try {
    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    verdict = copy.pragma("quick_check", { simple: true }) as string;
    copy.close();
  } catch (error) {
    verdict = error instanceof Error ? error.message : String(error);
  }
  if (verdict !== "ok")
    throw new Refusal(`the database in this backup is damaged (${verdict}): nothing was changed`);
}

/** Reads a backup back: the manifest and every file it names are there, and the database copy reads. */
export async function verifyBackup(store: BackupStore, name: string): Promise<void> {
  await store.read(name, async (folder) => {
    const manifest = readBackup(folder, store.location(name));
    await checkDatabaseCopy(manifest, path.join(folder, manifest.files.database));
  });
}
