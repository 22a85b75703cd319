import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import S3rver from "s3rver";
import { freePort } from "./server.ts";

export interface RunningS3 {
  /** The variables that point a server at this store's bucket. */
  env: Record<string, string>;
  /**
   * Makes the store answer each write `ms` late, the object stored at once: a writer killed
   * meanwhile never learns it was stored, nor sends its next object (0: answers at once again).
   */
  slowWrites(ms: number): void;
  stop(): Promise<void>;
}

const bucket = "woollahra-test";

/**
 * An S3-compatible server on loopback, with a fresh bucket. s3rver lacks two multipart calls
 * every real store has (ListParts and AbortMultipartUpload); they are answered here from its
 * own files so resumable uploads behave as they do on S3.
 */
export async function startS3(prefix = "site"): Promise<RunningS3> {
  const port = await freePort();
  const directory = mkdtempSync(path.join(tmpdir(), "wm-s3-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  let writeDelayMs = 0;
  s3.middleware.unshift(async (context, next) => {
    await next();
    if (writeDelayMs > 0 && context.method === "PUT") await setTimeout(writeDelayMs);
  });
  s3.middleware.unshift(async (context, next) => {
    const uploadId = context.query.uploadId;
    const [, bucketName = "", ...key] = context.path.split("/");
    if (!uploadId || key.length === 0 || context.query.partNumber) return next();
    const folder = path.join(s3.store.getResourcePath(bucketName, undefined, "uploads"), uploadId);
    const exists = await stat(folder).then(
      () => true,
      () => false,
    );
    if (!exists && (context.method === "GET" || context.method === "DELETE")) {
      context.status = 404;
      context.type = "application/xml";
      context.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    if (context.method === "DELETE") {
      await rm(folder, { recursive: true, force: true });
      context.status = 204;
      return;
    }
    if (context.method !== "GET") return next();
    const numbers = (await readdir(folder))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(folder, String(number));
        const bytes = await readFile(file);
        const etag = createHash("md5").update(bytes).digest("hex");
        return `<Part><PartNumber>${number}</PartNumber><ETag>"${etag}"</ETag><Size>${bytes.length}</Size></Part>`;
      }),
    );
    context.type = "application/xml";
    context.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucketName}</Bucket><Key>${key.join("/")}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
  });
  await s3.run();
  return {
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
      AUTH_SECRET: "a shared secret for the instances of one test run",
    },
    slowWrites(ms) {
      writeDelayMs = ms;
    },
    async stop() {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
