import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
// Relative, not through "~": the backup scripts load this module in plain Node.
import { variantCacheControl } from "../../../uploads/image-variants.ts";
import type { S3StorageConfig } from "../../config.ts";
import type { Storage } from "./storage.ts";

/** Client settings shared by image storage and the tus upload store; credentials come from the usual AWS variables. */
export function s3ClientConfig(store: S3StorageConfig): S3ClientConfig {
  return {
    region: store.region,
    ...(store.endpoint ? { endpoint: store.endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: many S3-compatible stores reject the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

/** Objects in one bucket under `root` (the configured prefix plus a folder). */
export function s3Storage(store: S3StorageConfig, folder: string): Storage {
  const client = new S3Client(s3ClientConfig(store));
  const root = `${store.prefix}${folder}/`;
  const Bucket = store.bucket;
  return {
    async put(key, body, contentType) {
      // The same headers as the site sends, so a redirect to the store's public URL caches alike.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: `${root}${key}`,
          Body: body,
          ContentType: contentType,
          CacheControl: variantCacheControl,
        }),
      );
    },
    async remove(folder) {
      // An image has nine variants at most: one page of a listing holds them all.
      const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${root}${folder}/` }));
      const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0)
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: `${root}${key}` }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream(), size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    publicUrl(key) {
      return store.publicUrl ? `${store.publicUrl}/${root}${key}` : null;
    },
  };
}
