import { useState } from "react";
import { imageMarkdown } from "~/posts/markdown.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { acceptedImageTypes } from "~/uploads/upload-rules.ts";
import { fileInputClass, UploadProgress } from "./ImageUpload.tsx";
import { useHydrated } from "./use-hydrated.ts";
import { useImageUpload } from "./use-image-upload.ts";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base focus:border-heritage-700";
const button =
  "rounded-md border border-heritage-700 px-3 py-1.5 text-sm font-semibold text-heritage-700 hover:bg-heritage-50 disabled:opacity-40";

/**
 * Insert image, beside a post's content: uploads through the same resumable pipeline as the
 * cover, asks for a description, then hands the Markdown that shows it to `onInsert` (which
 * puts it at the cursor). Without JavaScript: a file field and a description, added at the end
 * of the content when the post is saved (post-form.ts).
 */
export function TextImageInsert({ onInsert }: { onInsert: (markdown: string, image: ImageInfo) => void }) {
  const hydrated = useHydrated();
  const [uploaded, setUploaded] = useState<ImageInfo | null>(null);
  const [description, setDescription] = useState("");
  const [problem, setProblem] = useState("");
  const upload = useImageUpload((_id, image) => {
    setUploaded(image ?? null);
    setProblem(image ? "" : "The image was uploaded but cannot be shown yet. Choose it again.");
  });

  if (!hydrated) {
    return (
      <fieldset className="mt-3 space-y-2 rounded-md border border-sandstone-300 p-3">
        <legend className="px-1 font-medium text-heritage-900">Add an image to the end of the content</legend>
        <input
          type="file"
          name="textImageFile"
          accept={acceptedImageTypes.join(",")}
          aria-label="Image to add"
          className={fileInputClass}
        />
        <label className="block">
          <span className="font-medium text-heritage-900">Its description</span>
          <input type="text" name="textImageAlt" maxLength={200} className={inputClass} />
        </label>
      </fieldset>
    );
  }

  const insert = () => {
    if (!uploaded || description.trim() === "") return;
    onInsert(imageMarkdown(uploaded, description), uploaded);
    setUploaded(null);
    setDescription("");
  };

  return (
    <div className="mt-3 space-y-2">
      <label className="block">
        <span className="font-medium text-heritage-900">Insert image</span>
        <input
          type="file"
          accept={acceptedImageTypes.join(",")}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            setUploaded(null);
            if (file) upload.start(file);
          }}
          className={`mt-1 ${fileInputClass}`}
        />
      </label>
      <UploadProgress upload={upload} />
      {problem && <p className="text-sm text-brick">{problem}</p>}
      {uploaded && (
        <fieldset className="space-y-2">
          <legend className="sr-only">The image to insert</legend>
          <label className="block">
            <span className="font-medium text-heritage-900">Description of the inserted image</span>
            <input
              type="text"
              value={description}
              maxLength={200}
              onChange={(event) => setDescription(event.target.value)}
              onKeyDown={(event) => {
                // Enter inserts the image rather than sending the post.
                if (event.key === "Enter") {
                  event.preventDefault();
                  insert();
                }
              }}
              className={inputClass}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={insert} disabled={description.trim() === ""} className={button}>
              Insert at the cursor
            </button>
            <button type="button" onClick={() => setUploaded(null)} className={button}>
              Cancel
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
