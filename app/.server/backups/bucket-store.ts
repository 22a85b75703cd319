import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../config.ts";
import { s3ClientConfig } from "../uploads/storage/s3.ts";
import { manifestName } from "./backup-set.ts";
import { type BackupStore, backupName, manifestText } from "./backup-store.ts";
import { Refusal } from "./refusal.ts";

/** Every file under `folder`, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/** A private scratch folder: the parts include the session secret. */
const scratchFolder = () => mkdtempSync(path.join(tmpdir(), "site-backup-"));

/**
 * Backups as objects under `<prefix><folder>/<name>/` in the site's bucket. The parts are
 * uploaded from a scratch folder and the manifest after them, so a listing never shows an
 * instance's half-uploaded backup as whole; reading downloads them into a scratch folder.
 */
export function bucketBackups(store: S3StorageConfig, folder: string): BackupStore {
  const client = new S3Client(s3ClientConfig(store));
  const Bucket = store.bucket;
  const root = `${store.prefix}${folder}/`;
  const location = (name: string) => `s3://${Bucket}/${root}${name}`;

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  async function removeKeys(keys: string[]): Promise<void> {
    // DeleteObjects takes at most 1 000 keys a call.
    for (let start = 0; start < keys.length; start += 1000) {
      const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }));
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
    }
  }

  return {
    location,
    async list() {
      const names = new Map<string, boolean>();
      for (const key of await keysUnder(root)) {
        const [name = "", ...rest] = key.slice(root.length).split("/");
        if (!backupName.test(name)) continue;
        names.set(name, names.get(name) === true || rest.join("/") === manifestName);
      }
      const sorted = [...names.keys()].sort();
      return {
        whole: sorted.filter((name) => names.get(name)),
        unfinished: sorted.filter((name) => !names.get(name)),
      };
    },
    async write(name, fill) {
      const prefix = `${root}${name}/`;
      if ((await keysUnder(prefix)).length > 0) {
        throw new Refusal(`${location(name)} is not empty: choose a new name for each backup`);
      }
      const scratch = scratchFolder();
      try {
        const manifest = await fill(scratch);
        for (const file of filesUnder(scratch)) {
          const local = path.join(scratch, file);
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: `${prefix}${file.split(path.sep).join("/")}`,
              Body: createReadStream(local),
              ContentLength: statSync(local).size,
            }),
          );
        }
        await client.send(
          new PutObjectCommand({ Bucket, Key: `${prefix}${manifestName}`, Body: manifestText(manifest) }),
        );
      } catch (error) {
        await removeKeys(await keysUnder(prefix)).catch(() => {});
        throw error;
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    async read(name, use) {
      const prefix = `${root}${name}/`;
      const keys = await keysUnder(prefix);
      if (keys.length === 0) throw new Refusal(`there is no backup at ${location(name)}`);
      if (!keys.includes(`${prefix}${manifestName}`)) {
        throw new Refusal(
          `${location(name)} is not a complete backup (no ${manifestName}): nothing was changed`,
        );
      }
      const scratch = scratchFolder();
      try {
        for (const key of keys) {
          const file = path.resolve(scratch, key.slice(prefix.length));
          // A key is a name in the bucket; it must not write outside the scratch folder.
          if (!file.startsWith(`${scratch}${path.sep}`)) continue;
          mkdirSync(path.dirname(file), { recursive: true });
          const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          await pipeline(object.Body as Readable, createWriteStream(file, { mode: 0o600 }));
        }
        return await use(scratch);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    async remove(name) {
      await removeKeys(await keysUnder(`${root}${name}/`));
    },
  };
}
