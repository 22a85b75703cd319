import { randomBytes } from "node:crypto";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import type { Server, Upload } from "@tus/server";
import { maxUploadBytes } from "~/lib/upload-rules.ts";
import { getUser } from "./auth.ts";
import { config } from "./config.ts";
import { db } from "./db/index.ts";
import { ImageRejected, processImage } from "./images.ts";
import { log } from "./log.ts";
import { singleton } from "./singleton.ts";
import type { UploadArea } from "./storage/upload-area.ts";
import { databaseLocker } from "./upload-locks.ts";

const unfinishedLifetimeMs = 24 * 60 * 60 * 1000;
/** Upload ids in URLs: 128 random bits, hex. Anything else is not an upload of ours. */
const uploadIdPattern = /^[0-9a-f]{32}$/;

/** A refusal the tus server sends to the client as-is. */
function refusal(status_code: number, body: string) {
  return { status_code, body };
}

async function uploadArea(): Promise<UploadArea> {
  const { storage, dataDir } = config();
  if (storage.kind === "local") {
    const { localUploads } = await import("./storage/local-uploads.ts");
    return localUploads(path.join(dataDir, "uploads"), unfinishedLifetimeMs);
  }
  const { s3Uploads } = await import("./storage/s3-uploads.ts");
  return s3Uploads(storage);
}

/** Signed-in users only; an upload in progress can be continued only by the user who began it. */
async function checkUploader(request: Request, server: Server, uploadId: string): Promise<void> {
  const user = await getUser(request);
  if (!user) throw refusal(401, "Sign in to upload images.");
  if (request.method === "POST") return;
  const upload = await server.datastore.getUpload(uploadId).catch(() => undefined);
  if (upload && upload.metadata?.userId !== user.id) throw refusal(404, "Upload not found.");
}

async function finishUpload(request: Request, upload: Upload, area: UploadArea) {
  const user = await getUser(request);
  const imageId = upload.id.slice(area.keyPrefix.length);
  try {
    const image = await processImage(db(), imageId, await area.read(upload.id), user?.id ?? null);
    return { status_code: 204, headers: { "Image-Id": image.id } };
  } catch (error) {
    if (error instanceof ImageRejected) throw refusal(422, error.message);
    log().error({ err: error, uploadId: upload.id }, "image processing failed");
    throw refusal(500, "The image could not be processed. Please try again.");
  } finally {
    // The original is not kept: only the processed, metadata-free variants are.
    await area.discard(upload.id).catch((error) => log().warn({ err: error }, "upload clean-up failed"));
  }
}

/** The tus 1.0 endpoint for cover images, under /api/uploads; any instance can continue any upload. */
export function uploadServer(): Promise<Server> {
  // Loaded with the first upload: a server only visitors use never carries the tus code.
  return singleton("uploads", async () => {
    const [{ Server }, area] = await Promise.all([import("@tus/server"), uploadArea()]);
    const server: Server = new Server({
      path: "/api/uploads",
      datastore: area.datastore,
      maxSize: maxUploadBytes,
      locker: databaseLocker(db()),
      namingFunction: () => `${area.keyPrefix}${randomBytes(16).toString("hex")}`,
      // URLs carry the bare id; the store's key adds the folder.
      generateUrl: (_request, { path: base, id }) => `${base}/${id.slice(area.keyPrefix.length)}`,
      getFileIdFromRequest: (_request, id) =>
        id && uploadIdPattern.test(id) ? `${area.keyPrefix}${id}` : undefined,
      onIncomingRequest: (request, uploadId) => checkUploader(request, server, uploadId),
      async onUploadCreate(request, upload) {
        const user = await getUser(request);
        return { metadata: { ...upload.metadata, userId: user?.id ?? null } };
      },
      onUploadFinish: (request, upload) => finishUpload(request, upload, area),
    });
    const { sweep } = area;
    // One sweeper per server: the other threads share the same folder.
    if (sweep && isMainThread) {
      setInterval(
        () => {
          sweep().catch((error) => log().warn({ err: error }, "upload clean-up failed"));
        },
        60 * 60 * 1000,
      ).unref();
    }
    return server;
  });
}
