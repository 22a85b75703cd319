import * as tus from "tus-js-client";

export interface UploadOutcome {
  id?: string;
  url?: string;
  status?: number;
  message?: string;
  /** The server's Retry-After, in seconds, when it answered one. */
  retryAfter?: number;
}

export interface UploadOptions {
  cookie?: string;
  chunkSize?: number;
  name?: string;
  type?: string;
  uploadUrl?: string;
  onProgress?: (sent: number, upload: tus.Upload) => void;
}

/** Uploads a file to the site's tus endpoint the way a client library does. */
export function tusUpload(
  baseUrl: string,
  file: Buffer,
  options: UploadOptions = {},
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const request: tus.Upload = new tus.Upload(file, {
      endpoint: `${baseUrl}/api/uploads`,
      uploadUrl: options.uploadUrl,
      chunkSize: options.chunkSize ?? Number.POSITIVE_INFINITY,
      retryDelays: [],
      headers: options.cookie ? { cookie: options.cookie } : {},
      metadata: { filename: options.name ?? "photo.jpg", filetype: options.type ?? "image/jpeg" },
      onProgress: (sent) => options.onProgress?.(sent, request),
      onSuccess: () => resolve({ url: request.url ?? undefined, id: request.url?.split("/").pop() }),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        const retryAfter = response?.getHeader("Retry-After");
        resolve({
          status: response?.getStatus(),
          message: response?.getBody(),
          url: request.url ?? undefined,
          retryAfter: retryAfter ? Number(retryAfter) : undefined,
        });
      },
    });
    request.start();
  });
}

/**
 * Uploads a file as the site's own uploader does when the server is busy: a 503 with
 * Retry-After is waited out and the same upload resumed, unless `stop` then says to give up.
 * Returns the last outcome (an id, a refusal, or the 503 given up on) and how many 503
 * answers it met.
 */
export async function tusUploadWaitingOutBusy(
  baseUrl: string,
  file: Buffer,
  options: UploadOptions & { stop?: () => boolean } = {},
): Promise<{ outcome: UploadOutcome; busyAnswers: number }> {
  let uploadUrl = options.uploadUrl;
  for (let busyAnswers = 0; ; ) {
    const outcome = await tusUpload(baseUrl, file, { ...options, uploadUrl });
    if (outcome.status !== 503 || !outcome.url) return { outcome, busyAnswers };
    busyAnswers++;
    uploadUrl = outcome.url;
    await new Promise((resolve) => setTimeout(resolve, (outcome.retryAfter ?? 1) * 1000));
    if (options.stop?.()) return { outcome, busyAnswers };
  }
}

/**
 * Keeps the server's image processing busy: uploads a large photo and, once the server holds
 * all of it (so it is being processed), checks that a small upload is turned away with 503.
 * Returns a promise of the photo's own outcome. The server processes one image at a time
 * (app/.server/uploads/image-slots.ts).
 */
export async function occupyImageProcessing(
  baseUrl: string,
  cookie: string,
  largePhoto: Buffer,
  probe: Buffer,
): Promise<{ processed: Promise<UploadOutcome> }> {
  let url: string | null = null;
  const processed = tusUpload(baseUrl, largePhoto, {
    cookie,
    onProgress: (_sent, upload) => {
      url ??= upload.url;
    },
  });
  let finished = false;
  void processed.then(() => {
    finished = true;
  });
  const headers = { cookie, "tus-resumable": "1.0.0" };
  for (let offset = -1; offset !== largePhoto.length; ) {
    if (finished) throw new Error("the large photo was finished before it was seen whole");
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (url) offset = Number((await fetch(url, { method: "HEAD", headers })).headers.get("upload-offset"));
  }
  const outcome = await tusUpload(baseUrl, probe, { cookie });
  if (outcome.status !== 503) throw new Error(`the server was not busy: the probe got ${outcome.status}`);
  if (outcome.url) await tus.Upload.terminate(outcome.url, { headers });
  return { processed };
}
