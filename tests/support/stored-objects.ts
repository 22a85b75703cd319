import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { RunningServer } from "./server.ts";

/** Everything a server still keeps for an upload id: unfinished upload files and image variants. */
export async function storedFor(server: RunningServer, id: string): Promise<string[]> {
  const { STORAGE_URL, S3_ENDPOINT, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY } =
    server.storageEnv;
  if (!STORAGE_URL) {
    const uploads = path.join(server.dataDir, "uploads");
    const images = path.join(server.dataDir, "images", id);
    return [
      ...(existsSync(uploads) ? readdirSync(uploads).filter((name) => name.startsWith(id)) : []),
      ...(existsSync(images) ? readdirSync(images) : []),
    ];
  }
  const url = new URL(STORAGE_URL);
  const prefix = url.pathname.replace(/^\/+|\/+$/g, "");
  const client = new S3Client({
    region: AWS_REGION,
    endpoint: S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: AWS_ACCESS_KEY_ID ?? "", secretAccessKey: AWS_SECRET_ACCESS_KEY ?? "" },
  });
  const keys: string[] = [];
  for (const folder of [`uploads/${id}`, `images/${id}/`]) {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: url.hostname, Prefix: `${prefix}/${folder}` }),
    );
    keys.push(...(listed.Contents ?? []).map((object) => object.Key ?? ""));
  }
  client.destroy();
  return keys;
}
