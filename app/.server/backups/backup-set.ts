import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { authSecretFileName } from "../config.ts";
import { Refusal } from "./refusal.ts";

/** What one backup folder holds; written last, so a folder without it is an unfinished backup. */
export interface Manifest {
  format: 1;
  createdAt: string;
  database: "sqlite" | "postgres";
  /** Names inside the backup folder; null for what this backup does not hold. */
  files: { database: string; images: string | null; authSecret: string | null };
  /** Images were in an object store (STORAGE_URL), which keeps its own versions. */
  imagesInObjectStore: boolean;
}

export const manifestName = "manifest.json";
export const databaseFileName = { sqlite: "site.db", postgres: "database.dump" } as const;
export const imagesName = "images";
/** The session secret keeps its DATA_DIR name in the backup. */
export const authSecretName = authSecretFileName;

/** "3 images": uploaded images are stored one folder per image. */
export function describeImages(directory: string): string {
  const count = existsSync(directory)
    ? readdirSync(directory, { withFileTypes: true }).filter((entry) => entry.isDirectory()).length
    : 0;
  return `${count} ${count === 1 ? "image" : "images"}`;
}

/** "the database, 3 images, and the session secret". */
export const listOf = (parts: string[]) => new Intl.ListFormat("en", { type: "conjunction" }).format(parts);

function parseManifest(text: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(text) as Partial<Manifest>;
    const { database, files } = manifest;
    // Only the names a backup writes: a manifest must not point the restore anywhere else.
    const valid =
      manifest.format === 1 &&
      (database === "sqlite" || database === "postgres") &&
      files?.database === databaseFileName[database] &&
      (files.images === imagesName || files.images === null) &&
      (files.authSecret === authSecretName || files.authSecret === null);
    return valid ? (manifest as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The manifest of a complete backup folder; refuses a missing, unfinished or damaged one.
 * `shownAs` is where the operator knows the backup (a bucket's backup is read from a copy).
 */
export function readBackup(folder: string, shownAs = folder): Manifest {
  if (!existsSync(folder)) throw new Refusal(`there is no backup at ${shownAs}`);
  if (!existsSync(path.join(folder, manifestName))) {
    throw new Refusal(`${shownAs} is not a complete backup (no ${manifestName}): nothing was changed`);
  }
  const manifest = parseManifest(readFileSync(path.join(folder, manifestName), "utf8"));
  if (!manifest) {
    throw new Refusal(`${shownAs}'s ${manifestName} is not a backup manifest this version understands`);
  }
  const { database, images, authSecret } = manifest.files;
  for (const name of [database, images, authSecret]) {
    if (name !== null && !existsSync(path.join(folder, name))) {
      throw new Refusal(`${shownAs} is incomplete: ${name} is missing, so nothing was changed`);
    }
  }
  return manifest;
}
