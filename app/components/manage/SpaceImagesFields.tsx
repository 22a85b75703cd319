import { type FieldMetadata, type FormMetadata, getInputProps } from "@conform-to/react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { maxSpacePhotos, type SpaceForm } from "~/site/spaces.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { uploadedImage } from "~/uploads/responsive-image.ts";
import { acceptedImageTypes } from "~/uploads/upload-rules.ts";
import { TextField } from "../forms.tsx";
import { fileInputClass, UploadProgress } from "../ImageUpload.tsx";
import { Picture } from "../Picture.tsx";
import { useHydrated } from "../use-hydrated.ts";
import { useImageUpload } from "../use-image-upload.ts";
import { RowButtons, smallButton } from "./RowButtons.tsx";

type Fields = { [Name in keyof SpaceForm]-?: FieldMetadata<SpaceForm[Name], SpaceForm, string[]> };

const sectionClass = "min-w-0 rounded-xl border border-sandstone-300 bg-white p-4 sm:p-5";
const legendClass = "px-1 text-xl font-semibold text-heritage-900";

/**
 * A space's photos (reordered and removed with the form's own buttons) and floor plan. With
 * JavaScript an image is uploaded with tus as soon as it is chosen; without, it is a file
 * field the server processes on Save.
 */
export function SpaceImagesFields({
  form,
  fields,
  images,
}: {
  form: FormMetadata<SpaceForm, string[]>;
  fields: Fields;
  /** The processed images the form names, by id. */
  images: Record<string, ImageInfo>;
}) {
  const hydrated = useHydrated();
  // What the browser shows of the images uploaded on this page, before the server has them.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const photos = fields.photos.getFieldList();
  const photo = usePreviewedUpload(setPreviews, (id) =>
    form.insert({ name: fields.photos.name, defaultValue: { imageId: id, alt: "" } }),
  );
  const plan = usePreviewedUpload(setPreviews, (id) =>
    form.update({ name: fields.floorPlanImageId.name, value: id }),
  );
  const planId = fields.floorPlanImageId.value;
  const thumbnail = (id: string | undefined) => {
    const image = id ? images[id] : undefined;
    if (image)
      return <Picture image={uploadedImage(image)} sizes="160px" alt="" className="h-24 w-auto rounded-md" />;
    const preview = id ? previews[id] : undefined;
    return preview ? <img src={preview} alt="" className="h-24 w-auto rounded-md" /> : null;
  };

  return (
    <>
      <fieldset id="photos" className={sectionClass}>
        <legend className={legendClass}>Photos</legend>
        <p className="mt-1 text-sm text-slate-700">
          Up to {maxSpacePhotos}; the first is shown on /commercial and when the page is shared. Describe each
          for people who cannot see it.
        </p>
        <ol className="mt-3 space-y-4">
          {photos.map((row, index) => {
            const photoFields = row.getFieldset();
            return (
              <li key={row.key} className="rounded-lg border border-sandstone-300 p-3" data-testid="photo">
                <fieldset className="min-w-0">
                  <legend className="font-semibold">Photo {index + 1}</legend>
                  <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
                    {thumbnail(photoFields.imageId.value)}
                    <input
                      {...getInputProps(photoFields.imageId, { type: "hidden" })}
                      key={photoFields.imageId.key}
                    />
                    <div className="min-w-0 flex-1">
                      <TextField label="Description" field={photoFields.alt} type="text" />
                    </div>
                  </div>
                  <RowButtons
                    form={form}
                    name={fields.photos.name}
                    index={index}
                    count={photos.length}
                    what={`photo ${index + 1}`}
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="mt-4 space-y-2">
          <label className="block">
            <span className="font-medium text-heritage-900">Add a photo</span>
            <input
              type="file"
              accept={acceptedImageTypes.join(",")}
              name={hydrated ? undefined : "photoFile"}
              onChange={photo.choose}
              disabled={photos.length >= maxSpacePhotos}
              className={`mt-1 ${fileInputClass}`}
            />
          </label>
          {!hydrated && (
            <div>
              <label htmlFor="photoFileAlt" className="block font-medium text-heritage-900">
                Description of the new photo
              </label>
              <input
                id="photoFileAlt"
                name="photoFileAlt"
                type="text"
                className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
              />
            </div>
          )}
          <p className="text-sm text-slate-700">JPEG, PNG, WebP, AVIF or GIF, up to 20 MB.</p>
          {hydrated && <UploadProgress upload={photo.upload} />}
        </div>
        <p id={fields.photos.errorId} className="mt-1 min-h-5 text-sm text-brick">
          {fields.photos.errors?.[0]}
        </p>
      </fieldset>

      <fieldset id="floor-plan" className={sectionClass}>
        <legend className={legendClass}>Floor plan (optional)</legend>
        <input
          {...getInputProps(fields.floorPlanImageId, { type: "hidden" })}
          key={fields.floorPlanImageId.key}
        />
        {planId && (
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
            {thumbnail(planId)}
            <div className="min-w-0 flex-1">
              <TextField label="Floor plan description" field={fields.floorPlanAlt} type="text" />
              <button
                {...form.update.getButtonProps({ name: fields.floorPlanImageId.name, value: "" })}
                className={`${smallButton} border-brick text-brick`}
              >
                Remove the floor plan
              </button>
            </div>
          </div>
        )}
        <div className="mt-4 space-y-2">
          <label className="block">
            <span className="font-medium text-heritage-900">
              {planId ? "Replace the floor plan" : "Add a floor plan"}
            </span>
            <input
              type="file"
              accept={acceptedImageTypes.join(",")}
              name={hydrated ? undefined : "floorPlanFile"}
              onChange={plan.choose}
              className={`mt-1 ${fileInputClass}`}
            />
          </label>
          {hydrated && <UploadProgress upload={plan.upload} />}
        </div>
        <p id={fields.floorPlanImageId.errorId} className="mt-1 min-h-5 text-sm text-brick">
          {fields.floorPlanImageId.errors?.[0]}
        </p>
      </fieldset>
    </>
  );
}

/** An upload whose chosen file is shown (from the browser's copy) once its image is in the form. */
function usePreviewedUpload(
  setPreviews: (update: (previews: Record<string, string>) => Record<string, string>) => void,
  onUploaded: (imageId: string) => void,
) {
  const chosen = useRef<string | null>(null);
  const upload = useImageUpload((id) => {
    const preview = chosen.current;
    if (preview) setPreviews((previews) => ({ ...previews, [id]: preview }));
    chosen.current = null;
    onUploaded(id);
  });
  useEffect(() => () => void (chosen.current && URL.revokeObjectURL(chosen.current)), []);
  return {
    upload,
    choose(event: ChangeEvent<HTMLInputElement>) {
      const file = event.target.files?.[0];
      event.target.value = "";
      if (!file) return;
      chosen.current = URL.createObjectURL(file);
      upload.start(file);
    },
  };
}
