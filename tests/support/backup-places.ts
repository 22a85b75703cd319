import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { type RunningS3, startS3 } from "./s3.ts";

/**
 * Where a test's backups go, looked at as the operator would (a folder listing, a bucket
 * listing), never through the site's own code: a folder, or the site's bucket.
 */
export interface BackupPlace {
  name: "folder" | "bucket";
  /** The settings that send a server's backups here. */
  env: Record<string, string>;
  /** The backups' names (UTC times), whole or not, sorted. */
  names(): Promise<string[]>;
  /** Whether the backup has its manifest, which is written last. */
  whole(name: string): Promise<boolean>;
  /** The address `npm run restore` takes. */
  address(name: string): string;
  /** The bucket's store, to slow it down. */
  s3?: RunningS3;
  stop(): Promise<void>;
}

export function backupFolder(folder: string): BackupPlace {
  return {
    name: "folder",
    env: { BACKUP_DIR: folder },
    async names() {
      return existsSync(folder) ? readdirSync(folder).sort() : [];
    },
    async whole(name) {
      return existsSync(path.join(folder, name, "manifest.json"));
    },
    address: (name) => path.join(folder, name),
    async stop() {},
  };
}

/** A fresh bucket (STORAGE_URL) and the folder in it the site puts backups in (`under`). */
export async function backupBucket(under: "backups" | "backups/scheduled"): Promise<BackupPlace> {
  const s3 = await startS3("site");
  const {
    STORAGE_URL = "",
    S3_ENDPOINT,
    AWS_REGION,
    AWS_ACCESS_KEY_ID = "",
    AWS_SECRET_ACCESS_KEY = "",
  } = s3.env;
  const bucket = new URL(STORAGE_URL).hostname;
  const prefix = `site/${under}/`;
  const client = new S3Client({
    region: AWS_REGION,
    endpoint: S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: AWS_ACCESS_KEY_ID, secretAccessKey: AWS_SECRET_ACCESS_KEY },
  });
  const keys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => (object.Key ?? "").slice(prefix.length));
  };
  return {
    name: "bucket",
    env: s3.env,
    async names() {
      const names = (await keys()).map((key) => key.split("/")[0] ?? "");
      return [...new Set(names)].filter((name) => name !== "scheduled").sort();
    },
    async whole(name) {
      return (await keys()).includes(`${name}/manifest.json`);
    },
    address: (name) => `s3://${bucket}/${prefix}${name}`,
    s3,
    async stop() {
      client.destroy();
      await s3.stop();
    },
  };
}
