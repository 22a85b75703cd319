import type Uppy from "@uppy/core";
import { useEffect, useRef, useState } from "react";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { uploadErrorMessage } from "~/uploads/upload-rules.ts";
import { createUploader } from "~/uploads/uploader.client.ts";

export type UploadState = "idle" | "running" | "paused" | "success" | "canceled" | "error";

/**
 * One image at a time through the site's resumable upload (tus, uploader.client.ts): its
 * state, progress and message in words, and the processed image's id handed to `onUploaded`,
 * with its size and fallback format as the server's last answer gave them.
 */
export function useImageUpload(onUploaded: (imageId: string, image?: ImageInfo) => void) {
  const [state, setState] = useState<UploadState>("idle");
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState("");
  const uppy = useRef<Uppy | null>(null);
  const fileId = useRef<string | null>(null);
  // The latest callback, so a re-render does not make a new uploader.
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  useEffect(() => {
    const instance = createUploader();
    instance.on("upload-progress", (_file, { bytesUploaded, bytesTotal }) => {
      setProgress(bytesTotal ? Math.round((bytesUploaded / bytesTotal) * 100) : 0);
    });
    instance.on("upload-success", (_file, response) => {
      const id = response.uploadURL?.split("/").pop();
      if (!id) return;
      setState("success");
      setProgress(100);
      uploaded.current(id, processedImage(id, (response.body as { xhr?: XMLHttpRequest } | undefined)?.xhr));
    });
    instance.on("upload-error", (_file, _error, response) => {
      // The tus plugin hands over the server's answer as the request that carried it.
      const request = (response?.body as { xhr?: XMLHttpRequest } | undefined)?.xhr;
      setState("error");
      setMessage(uploadErrorMessage(response?.status, request?.responseText));
    });
    instance.on("restriction-failed", (_file, error) => {
      setState("error");
      setMessage(
        /size/i.test(error.message)
          ? uploadErrorMessage(413, undefined)
          : "This file is not an image. Choose a JPEG, PNG, WebP, AVIF or GIF file.",
      );
    });
    uppy.current = instance;
    return () => instance.destroy();
  }, []);

  return {
    state,
    progress,
    message,
    /** Starts uploading the file (a file input's choice), canceling one in progress. */
    start(file: File) {
      if (!uppy.current) return;
      uppy.current.cancelAll();
      setMessage("");
      setProgress(0);
      try {
        fileId.current = uppy.current.addFile({ name: file.name, type: file.type, data: file });
        setState("running");
      } catch {
        fileId.current = null;
      }
    },
    pauseOrResume() {
      if (!fileId.current) return;
      const paused = uppy.current?.pauseResume(fileId.current);
      setState(paused ? "paused" : "running");
    },
    cancel() {
      uppy.current?.cancelAll();
      fileId.current = null;
      setState("canceled");
      setProgress(0);
    },
  };
}

/** The processed image as the upload's last answer describes it (uploads.ts), if it does. */
function processedImage(id: string, answer: XMLHttpRequest | undefined): ImageInfo | undefined {
  const width = Number(answer?.getResponseHeader("Image-Width"));
  const height = Number(answer?.getResponseHeader("Image-Height"));
  const fallback = answer?.getResponseHeader("Image-Fallback");
  if (!(width > 0 && height > 0) || (fallback !== "jpeg" && fallback !== "png")) return undefined;
  return { id, width, height, fallback };
}
