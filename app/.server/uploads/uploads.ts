import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Server, Upload } from "@tus/server";
import { maxUploadBytes } from "~/uploads/upload-rules.ts";
import { getUser } from "../accounts/auth.ts";
import { config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { log } from "../log.ts";
import { metrics } from "../metrics.ts";
import { singleton } from "../singleton.ts";
import { imageSlotFree, waitForImageSlot } from "./image-slots.ts";
import { ImageRejected, processUpload } from "./images.ts";
import type { UploadArea } from "./storage/upload-area.ts";
import { databaseLocker } from "./upload-locks.ts";
import { forgetUpload, reserveUpload } from "./upload-quota.ts";

/** Upload ids in URLs: 128 random bits, hex. Anything else is not an upload of ours. */
const uploadIdPattern = /^[0-9a-f]{32}$/;
/** What a busy server asks the uploader to wait: about the time one large image takes. */
const busyRetryAfterSeconds = 3;

/** A refusal the tus server sends to the client as-is. */
function refusal(status_code: number, body: string) {
  return { status_code, body };
}

/** Where unfinished uploads wait: a folder under DATA_DIR, or the bucket. Unused ones expire after the grace period. */
export function uploadArea(): Promise<UploadArea> {
  return singleton("uploadArea", async () => {
    const { storage, dataDir, unusedImageGraceMs } = config();
    if (storage.kind === "local") {
      const { localUploads } = await import("./storage/local-uploads.ts");
      return localUploads(path.join(dataDir, "uploads"), unusedImageGraceMs);
    }
    const { s3Uploads } = await import("./storage/s3-uploads.ts");
    return s3Uploads(storage);
  });
}

/** The Retry-After each refused request should carry (the tus server's refusals carry no headers). */
const retryAfter = new WeakMap<Request, number>();

/** A canceled upload's row being removed, by the request that canceled it (tus says so in an event). */
const forgetting = new WeakMap<Request, Promise<void>>();

function refusalToRetry(request: Request, status: number, body: string, seconds: number) {
  retryAfter.set(request, seconds);
  return refusal(status, body);
}

/**
 * Whether this request's body may be the last of its upload, which is then processed at once
 * (a POST may carry the whole file; a PATCH without a length may carry the rest).
 */
function mayFinish(request: Request, upload: Upload | undefined): boolean {
  if (request.method === "POST")
    return request.headers.get("content-type") === "application/offset+octet-stream";
  if (request.method !== "PATCH" || upload?.size === undefined) return false;
  const sent = request.headers.get("content-length");
  return sent === null || Number(request.headers.get("upload-offset")) + Number(sent) >= upload.size;
}

/**
 * Signed-in users only; an upload in progress can be continued only by the user who began it;
 * a body that may finish an upload is turned away, to come back later, while every image
 * slot is taken.
 */
async function checkRequest(request: Request, server: Server, uploadId: string): Promise<void> {
  const user = await getUser(request);
  if (!user) throw refusal(401, "Sign in to upload images.");
  const upload =
    request.method === "POST" ? undefined : await server.datastore.getUpload(uploadId).catch(() => undefined);
  if (upload && upload.metadata?.userId !== user.id) throw refusal(404, "Upload not found.");
  if (mayFinish(request, upload) && !imageSlotFree()) {
    metrics().throttled.inc({ limit: "image-slots" });
    throw refusalToRetry(
      request,
      503,
      "The server is busy with other images. The upload continues in a moment.",
      busyRetryAfterSeconds,
    );
  }
}

/** An upload begins with its length (it counts against the user's unused bytes) within the user's limits. */
async function beginUpload(db: Db, request: Request, upload: Upload, area: UploadArea) {
  const user = await getUser(request);
  if (!user) throw refusal(401, "Sign in to upload images.");
  if (upload.size === undefined)
    throw refusal(400, "Upload-Length is required: say how large the file is when the upload begins.");
  const refused = await reserveUpload(
    db,
    { id: upload.id.slice(area.keyPrefix.length), userId: user.id, bytes: upload.size },
    config().unusedImageGraceMs,
  );
  if (refused) throw refusalToRetry(request, 429, refused.message, refused.retryAfterSeconds);
  return { metadata: { ...upload.metadata, userId: user.id } };
}

async function finishUpload(db: Db, upload: Upload, area: UploadArea) {
  const imageId = upload.id.slice(area.keyPrefix.length);
  // The check before the body arrived let it through; requests that slipped past it together wait here.
  const release = await waitForImageSlot();
  const processing = metrics().uploadProcessing.startTimer();
  try {
    const userId = String(upload.metadata?.userId);
    const image = await processUpload(db, imageId, await area.read(upload.id), userId);
    processing({ outcome: "stored" });
    // What the editor needs to show the image at once, as the pages will.
    return {
      status_code: 204,
      headers: {
        "Image-Id": image.id,
        "Image-Width": String(image.width),
        "Image-Height": String(image.height),
        "Image-Fallback": image.fallback,
      },
    };
  } catch (error) {
    if (error instanceof ImageRejected) {
      processing({ outcome: "rejected" });
      throw refusal(422, error.message);
    }
    processing({ outcome: "failed" });
    log().error({ err: error, uploadId: upload.id }, "image processing failed");
    throw refusal(500, "The image could not be processed. Please try again.");
  } finally {
    release();
    // The original is not kept: only the processed, metadata-free variants are.
    await area.discard(upload.id).catch((error) => log().warn({ err: error }, "upload clean-up failed"));
  }
}

/** The tus 1.0 endpoint for cover images, under /api/uploads; any instance can continue any upload. */
function uploadServer(db: Db): Promise<Server> {
  // Loaded with the first upload: a server only visitors use never carries the tus code.
  return singleton("uploads", async () => {
    const [{ Server, EVENTS }, area] = await Promise.all([import("@tus/server"), uploadArea()]);
    const server: Server = new Server({
      path: "/api/uploads",
      datastore: area.datastore,
      maxSize: maxUploadBytes,
      locker: databaseLocker(db),
      namingFunction: () => `${area.keyPrefix}${randomBytes(16).toString("hex")}`,
      // URLs carry the bare id; the store's key adds the folder.
      generateUrl: (_request, { path: base, id }) => `${base}/${id.slice(area.keyPrefix.length)}`,
      getFileIdFromRequest: (_request, id) =>
        id && uploadIdPattern.test(id) ? `${area.keyPrefix}${id}` : undefined,
      onIncomingRequest: (request, uploadId) => checkRequest(request, server, uploadId),
      onUploadCreate: (request, upload) => beginUpload(db, request, upload, area),
      onUploadFinish: (_request, upload) => finishUpload(db, upload, area),
    });
    server.on(EVENTS.POST_TERMINATE, (request, _response, id: string) => {
      forgetting.set(
        request,
        forgetUpload(db, id.slice(area.keyPrefix.length)).catch((error) =>
          log().warn({ err: error }, "forgetting a canceled upload failed"),
        ),
      );
    });
    return server;
  });
}

/** Answers a tus request, with the Retry-After its refusal asks for. */
export async function handleUploadRequest(db: Db, request: Request): Promise<Response> {
  const response = await (await uploadServer(db)).handleWeb(request);
  // A canceled upload stops counting before the answer: the next upload, sent at once, has its room.
  await forgetting.get(request);
  const seconds = retryAfter.get(request);
  if (seconds !== undefined) response.headers.set("Retry-After", String(seconds));
  return response;
}
