import { mkdirSync } from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import { maxUploadBytes } from "~/lib/upload-rules.ts";
import { getUser } from "./auth.ts";
import { config } from "./config.ts";
import { db } from "./db/index.ts";
import { ImageRejected, processImage } from "./images.ts";
import { log } from "./log.ts";
import { singleton } from "./singleton.ts";

const unfinishedLifetimeMs = 24 * 60 * 60 * 1000;

/** A refusal the tus server sends to the client as-is. */
function refusal(status_code: number, body: string) {
  return { status_code, body };
}

function uploadsDirectory(): string {
  const directory = path.join(config().dataDir, "uploads");
  mkdirSync(directory, { recursive: true });
  return directory;
}

/** Signed-in users only; an upload in progress can be continued only by the user who began it. */
async function checkUploader(request: Request, server: Server, uploadId: string): Promise<void> {
  const user = await getUser(request);
  if (!user) throw refusal(401, "Sign in to upload images.");
  if (request.method === "POST") return;
  const upload = await server.datastore.getUpload(uploadId).catch(() => undefined);
  if (upload && upload.metadata?.userId !== user.id) throw refusal(404, "Upload not found.");
}

async function finishUpload(request: Request, upload: Upload, store: FileStore) {
  const user = await getUser(request);
  const file = path.join(uploadsDirectory(), upload.id);
  try {
    const image = await processImage(db(), upload.id, file, user?.id ?? null);
    return { status_code: 204, headers: { "Image-Id": image.id } };
  } catch (error) {
    if (error instanceof ImageRejected) throw refusal(422, error.message);
    log().error({ err: error, uploadId: upload.id }, "image processing failed");
    throw refusal(500, "The image could not be processed. Please try again.");
  } finally {
    // The original is not kept: only the processed, metadata-free variants are.
    await store.remove(upload.id).catch(() => {});
  }
}

/** The tus 1.0 endpoint for cover images, under /api/uploads. */
export function uploadServer(): Server {
  return singleton("uploads", () => {
    const store = new FileStore({
      directory: uploadsDirectory(),
      expirationPeriodInMilliseconds: unfinishedLifetimeMs,
    });
    const server: Server = new Server({
      path: "/api/uploads",
      datastore: store,
      maxSize: maxUploadBytes,
      relativeLocation: true,
      onIncomingRequest: (request, uploadId) => checkUploader(request, server, uploadId),
      async onUploadCreate(request, upload) {
        const user = await getUser(request);
        return { metadata: { ...upload.metadata, userId: user?.id ?? null } };
      },
      onUploadFinish: (request, upload) => finishUpload(request, upload, store),
    });
    const sweep = setInterval(
      () => {
        server.cleanUpExpiredUploads().catch((error) => log().warn({ err: error }, "upload clean-up failed"));
      },
      60 * 60 * 1000,
    );
    sweep.unref();
    return server;
  });
}
