import Uppy from "@uppy/core";
import Tus from "@uppy/tus";
import { acceptedImageTypes, maxUploadBytes, retryWaitMs, uploadRetryDelays } from "./upload-rules.ts";

/**
 * The browser's resumable uploader for one cover image (tus, in 5 MB chunks, retrying
 * passing failures, never sooner than the server's Retry-After). A `.client` module: the
 * server build leaves Uppy out, since only the browser ever uploads.
 */
export function createUploader(): Uppy {
  // The earliest time the server will take the next request, as its last Retry-After said.
  let notBefore = 0;
  return new Uppy({
    autoProceed: true,
    restrictions: {
      maxNumberOfFiles: 1,
      maxFileSize: maxUploadBytes,
      allowedFileTypes: acceptedImageTypes,
    },
  }).use(Tus, {
    endpoint: "/api/uploads",
    chunkSize: 5 * 1024 * 1024,
    retryDelays: uploadRetryDelays,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (error) => {
      const response = error.originalResponse;
      const wait = retryWaitMs(response?.getStatus(), response?.getHeader("Retry-After"));
      if (wait === null) return false;
      notBefore = Date.now() + wait;
      return true;
    },
    // A retry comes after its delay from the list, and no sooner than the server asked.
    onBeforeRequest: async () => {
      const wait = notBefore - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },
  });
}
