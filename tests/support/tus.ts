import * as tus from "tus-js-client";

export interface UploadOutcome {
  id?: string;
  url?: string;
  status?: number;
  message?: string;
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
        resolve({
          status: response?.getStatus(),
          message: response?.getBody(),
          url: request.url ?? undefined,
        });
      },
    });
    request.start();
  });
}
