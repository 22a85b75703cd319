import Uppy from "@uppy/core";
import Tus from "@uppy/tus";
import { acceptedImageTypes, isTransient, maxUploadBytes, uploadRetryDelays } from "./upload-rules.ts";

/**
 * The browser's resumable uploader for one cover image (tus, in 5 MB chunks, retrying
 * passing failures). A `.client` module: the server build leaves Uppy out, since only the
 * browser ever uploads.
 */
export function createUploader(): Uppy {
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
    onShouldRetry: (error) => isTransient(error.originalResponse?.getStatus()),
  });
}
