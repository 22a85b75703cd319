import { useEffect, useState } from "react";
import { showToast } from "~/components/toast-events.ts";
import { useHydrated } from "~/components/use-hydrated.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { uploadedImage } from "~/uploads/responsive-image.ts";
import { acceptedImageTypes } from "~/uploads/upload-rules.ts";
import { Picture } from "./Picture.tsx";
import { type UploadState, useImageUpload } from "./use-image-upload.ts";

interface ImageUploadProps {
  /** The form field that receives the processed image's id. */
  name: string;
  value: string;
  onChange: (imageId: string) => void;
  /** The image already chosen (editing a post). */
  current?: ImageInfo;
  errorId: string;
  invalid: boolean;
}

const stateText: Record<UploadState, string> = {
  idle: "",
  running: "Uploading…",
  paused: "Paused",
  success: "Image uploaded successfully",
  canceled: "Upload canceled",
  error: "",
};

export const fileInputClass =
  "block w-full text-sm file:mr-4 file:rounded-md file:border-0 file:bg-heritage-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-heritage-900";

const button =
  "rounded-md border border-heritage-700 px-3 py-1.5 text-sm font-semibold text-heritage-700 hover:bg-heritage-50";

/**
 * Cover image upload: resumable (tus) with progress, pause, resume and cancel, retrying
 * passing failures. Without JavaScript it is a plain file field the server processes.
 */
export function ImageUpload({ name, value, onChange, current, errorId, invalid }: ImageUploadProps) {
  const hydrated = useHydrated();
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useImageUpload((id) => {
    onChange(id);
    showToast("Image uploaded successfully");
  });

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    upload.start(file);
  }

  function cancel() {
    upload.cancel();
    setPreview(null);
  }

  const shownPreview = preview ?? (current && value === current.id ? current : null);

  return (
    <fieldset className="space-y-3" aria-describedby={errorId}>
      <legend className="font-medium text-heritage-900">Cover image</legend>
      <input type="hidden" name={name} value={value} />
      {shownPreview && (
        <div className="w-full max-w-sm overflow-hidden rounded-md border border-sandstone-300 bg-sandstone-100">
          {typeof shownPreview === "string" ? (
            <img src={shownPreview} alt="Preview of the chosen cover" className="h-auto w-full" />
          ) : (
            <Picture
              image={uploadedImage(shownPreview)}
              sizes="384px"
              alt="The current cover"
              className="h-auto w-full"
            />
          )}
        </div>
      )}
      <label className="block">
        <span className="sr-only">Choose a cover image</span>
        <input
          type="file"
          accept={acceptedImageTypes.join(",")}
          name={hydrated ? undefined : "coverFile"}
          onChange={choose}
          aria-invalid={invalid || undefined}
          className={fileInputClass}
        />
      </label>
      <p className="text-sm text-slate-700">JPEG, PNG, WebP, AVIF or GIF, up to 20 MB.</p>
      {hydrated && <UploadProgress upload={upload} onCancel={cancel} />}
    </fieldset>
  );
}

/** An upload's progress and state in words, with Pause, Resume and Cancel while it runs. */
export function UploadProgress({
  upload,
  onCancel = upload.cancel,
}: {
  upload: ReturnType<typeof useImageUpload>;
  onCancel?: () => void;
}) {
  const { state, progress, message } = upload;
  if (state === "idle") return null;
  const busy = state === "running" || state === "paused";
  return (
    <div className="space-y-2" data-upload-state={state}>
      <progress
        max={100}
        value={progress}
        aria-label="Upload progress"
        className="h-2 w-full max-w-sm accent-heritage-700"
      />
      <p className="text-sm" aria-live="polite">
        {state === "error" ? (
          <span className="text-brick">{message}</span>
        ) : (
          `${stateText[state]} ${busy ? `${progress}%` : ""}`
        )}
      </p>
      {busy && (
        <div className="flex gap-2">
          <button type="button" onClick={upload.pauseOrResume} className={button}>
            {state === "paused" ? "Resume" : "Pause"}
          </button>
          <button type="button" onClick={onCancel} className={button}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}
