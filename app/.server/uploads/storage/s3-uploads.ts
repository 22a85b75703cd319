import { buffer } from "node:stream/consumers";
import { DeleteObjectsCommand, S3Client } from "@aws-sdk/client-s3";
import { S3Store } from "@tus/s3-store";
import type { S3StorageConfig } from "../../config.ts";
import { s3ClientConfig } from "./s3.ts";
import type { UploadArea } from "./upload-area.ts";

/** Uploads as S3 multipart uploads under `<prefix>uploads/`, so any instance can continue one. */
export function s3Uploads(store: S3StorageConfig): UploadArea {
  const clientConfig = s3ClientConfig(store);
  const datastore = new S3Store({ s3ClientConfig: { ...clientConfig, bucket: store.bucket } });
  const client = new S3Client(clientConfig);
  return {
    datastore,
    keyPrefix: `${store.prefix}uploads/`,
    read: async (id) => buffer(await datastore.read(id)),
    async discard(id) {
      // Aborts the multipart upload if it is unfinished; a finished one is a plain object.
      await datastore.remove(id).catch(() => {});
      await client.send(
        new DeleteObjectsCommand({
          Bucket: store.bucket,
          Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true },
        }),
      );
    },
  };
}
