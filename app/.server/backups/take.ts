import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
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
  manifestName,
  readBackup,
} from "./backup-set.ts";
import { postgresTool } from "./postgres-tools.ts";
import { Refusal } from "./refusal.ts";

/** 2026-05-01T09-30-00Z: sorts by time and is a valid folder name everywhere. */
export function timestampName(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}

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

/** A failed backup leaves no half-made folder that could be mistaken for a backup. */
function discardUnfinished(folder: string, created: boolean, manifest: Manifest): void {
  const names = created ? ["."] : Object.values(manifest.files).filter((name) => name !== null);
  for (const name of names) rmSync(path.join(folder, name), { recursive: true, force: true });
}

/**
 * Takes a consistent copy of the site's data while it runs: the database, the images (unless
 * they are in a bucket) and the session secret, then the manifest, last. Returns what it
 * copied, as words.
 */
export async function takeBackup(config: Config, folder: string): Promise<string> {
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
  const { created } = prepareTarget(folder);
  try {
    // The database first, then the images: images are only ever added before the rows that
    // use them, so every image the copied database mentions is already on disk.
    await copyDatabase(config.database, path.join(folder, manifest.files.database));
    if (manifest.files.images)
      copyImages(path.join(config.dataDir, imagesName), path.join(folder, imagesName));
    if (manifest.files.authSecret) {
      copyFileSync(secretFile, path.join(folder, authSecretName));
      chmodSync(path.join(folder, authSecretName), 0o600);
    }
    writeFileSync(path.join(folder, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
  } catch (error) {
    discardUnfinished(folder, created, manifest);
    throw error;
  }
  const kind = config.database.kind === "sqlite" ? "SQLite" : "PostgreSQL";
  const parts = [`the ${kind} database`];
  if (manifest.files.images) parts.push(describeImages(path.join(folder, imagesName)));
  if (manifest.files.authSecret) parts.push("the session secret");
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
export async function verifyBackup(folder: string): Promise<void> {
  const manifest = readBackup(folder);
  await checkDatabaseCopy(manifest, path.join(folder, manifest.files.database));
}
