import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { createSpace, imageIdsOf, spaceBySlug, updateSpace, usableImages } from "~/.server/site/spaces.ts";
import { imageFromForm } from "~/.server/uploads/form-image.ts";
import { FormTokenInput } from "~/components/FormTokenInput.tsx";
import { FormAlert, TextAreaField, TextField } from "~/components/forms.tsx";
import { SpaceImagesFields } from "~/components/manage/SpaceImagesFields.tsx";
import { manageMeta } from "~/site/manage-meta.ts";
import {
  maxSpacePhotos,
  rentBases,
  rentKindLabels,
  rentKinds,
  type SpaceForm,
  spaceFormSchema,
  spaceStatuses,
  spaceStatusLabels,
} from "~/site/spaces.ts";
import type { Route } from "./+types/manage-space";

/**
 * The most fields the form sends: the details (14), each photo and the floor plan (two each),
 * a new photo with its description and a floor plan as files, the token and a button.
 */
const spaceFormFields = 14 + 2 * (maxSpacePhotos + 1) + 3 + 2;

/** `/manage/spaces/new` adds a space; `/manage/spaces/:slug` edits one. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireOwner(request, url);
  if (!params.slug) return { slug: null, space: null, images: {} };
  const space = await spaceBySlug(db(), params.slug);
  if (!space) throw data(null, { status: 404 });
  const { slug, archived: _archived, position: _position, photos, floorPlan, ...details } = space;
  const form: SpaceForm = {
    ...details,
    photos: photos.map((photo) => ({ imageId: photo.image.id, alt: photo.alt })),
    floorPlanImageId: floorPlan?.image.id,
    floorPlanAlt: floorPlan?.alt,
  };
  const images = Object.fromEntries(
    [...photos, ...(floorPlan ? [floorPlan] : [])].map(({ image }) => [image.id, image]),
  );
  return { slug, space: form, images };
}

/**
 * Without JavaScript a new photo (with its description) and a floor plan arrive as files:
 * processed, they join the form as the last photo and as the floor plan.
 */
async function acceptImageFiles(
  form: FormData,
  userId: string,
): Promise<Record<string, string[]> | undefined> {
  const photo = await imageFromForm(db(), form, "photoFile", userId);
  const alt = form.get("photoFileAlt");
  form.delete("photoFileAlt");
  if (photo.id) {
    const index = [...form.keys()].filter((name) => /^photos\[\d+\]\.imageId$/.test(name)).length;
    form.set(`photos[${index}].imageId`, photo.id);
    form.set(`photos[${index}].alt`, typeof alt === "string" ? alt : "");
  }
  const plan = await imageFromForm(db(), form, "floorPlanFile", userId);
  if (plan.id) form.set("floorPlanImageId", plan.id);
  if (photo.error) return { photos: [photo.error] };
  if (plan.error) return { floorPlanImageId: [plan.error] };
  return undefined;
}

/**
 * Saves the space; nothing is saved while a field is wrong. Moving and removing a photo are
 * the form's own buttons: without JavaScript they come here, and the page comes back with the
 * photos changed and nothing saved yet.
 */
export async function action({ request, url, params }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const form = await readForm(request, { maxFields: spaceFormFields });
  const fileErrors = await acceptImageFiles(form, owner.id);
  const submission = parseWithZod(form, { schema: spaceFormSchema });
  const named = [...form.entries()]
    .filter(([name, value]) => /(^floorPlanImageId|\.imageId)$/.test(name) && typeof value === "string")
    .map(([, value]) => value as string);
  const usable = await usableImages(db(), owner, params.slug ?? null, named);
  const images = Object.fromEntries(usable.map((image) => [image.id, image]));
  if (fileErrors)
    return data({ result: submission.reply({ fieldErrors: fileErrors }), images }, { status: 400 });
  if (submission.status !== "success")
    return data(
      { result: submission.reply(), images },
      { status: submission.status === "error" ? 400 : 200 },
    );
  const unusable = imageIdsOf(submission.value).find((id) => !images[id]);
  if (unusable) {
    const field = unusable === submission.value.floorPlanImageId ? "floorPlanImageId" : "photos";
    return data(
      {
        result: submission.reply({
          fieldErrors: { [field]: ["This image is not available: upload it again."] },
        }),
        images,
      },
      { status: 400 },
    );
  }
  if (params.slug) {
    if (!(await updateSpace(db(), owner, params.slug, submission.value))) throw data(null, { status: 404 });
  } else {
    await createSpace(db(), owner, submission.value);
  }
  return redirectWithToast(href("/manage/spaces"), "The space is saved");
}

export function meta({ matches, params }: Route.MetaArgs) {
  return manageMeta(
    matches,
    params.slug ? "Edit a space · Manage" : "Add a space · Manage",
    params.slug ? `/manage/spaces/${params.slug}` : href("/manage/spaces/new"),
  );
}

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-brick";

export default function ManageSpace({
  loaderData: { slug, space, images },
  actionData,
}: Route.ComponentProps) {
  const [form, fields] = useForm<SpaceForm>({
    id: "space",
    lastResult: actionData?.result,
    defaultValue: space ?? { rentKind: "per-sqm-year", rentBasis: "gross", status: "available" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: spaceFormSchema }),
  });
  const choice = (
    label: string,
    field: (typeof fields)["status" | "rentKind" | "rentBasis"],
    options: [string, string][],
  ) => (
    <div>
      <label htmlFor={field.id} className="block font-medium text-heritage-900">
        {label}
      </label>
      <select {...getSelectProps(field)} key={field.key} className={selectClass}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <p id={field.errorId} className="mt-1 min-h-5 text-sm text-brick">
        {field.errors?.[0]}
      </p>
    </div>
  );
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">{slug ? `Edit ${space?.name}` : "Add a space"}</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="mt-6 max-w-3xl space-y-2"
      >
        <FormTokenInput />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="Name, e.g. Level 2, Suite 2.01" field={fields.name} type="text" />
          <TextField label="Floor" field={fields.floor} type="text" />
          <TextField label="Area (m²)" field={fields.area} type="text" inputMode="numeric" />
          <TextField
            label="Workstations (optional)"
            field={fields.workstations}
            type="text"
            inputMode="numeric"
          />
          <div>
            <label htmlFor={fields.availableFrom.id} className="block font-medium text-heritage-900">
              Available from (empty: now)
            </label>
            <input
              id={fields.availableFrom.id}
              name={fields.availableFrom.name}
              key={fields.availableFrom.key}
              type="date"
              defaultValue={fields.availableFrom.initialValue}
              aria-invalid={fields.availableFrom.errors ? true : undefined}
              aria-describedby={fields.availableFrom.errors ? fields.availableFrom.errorId : undefined}
              className={selectClass}
            />
            <p id={fields.availableFrom.errorId} className="mt-1 min-h-5 text-sm text-brick">
              {fields.availableFrom.errors?.[0]}
            </p>
          </div>
          {choice(
            "Status",
            fields.status,
            spaceStatuses.map((status) => [status, spaceStatusLabels[status]]),
          )}
          {choice(
            "Rent is given",
            fields.rentKind,
            rentKinds.map((kind) => [
              kind,
              kind === "on-application" ? "On application" : rentKindLabels[kind],
            ]),
          )}
          <TextField
            label="Rent in dollars (unless on application)"
            field={fields.rent}
            type="text"
            inputMode="decimal"
          />
          {choice(
            "Rent is",
            fields.rentBasis,
            rentBases.map((basis) => [
              basis,
              basis === "gross" ? "Gross (outgoings included)" : "Net (plus outgoings)",
            ]),
          )}
          <TextField label="Outgoings note (optional)" field={fields.outgoings} type="text" />
          <TextField label="Car spaces (optional)" field={fields.carSpaces} type="text" inputMode="numeric" />
          <TextField
            label="NABERS Energy stars (required from 1000 m²)"
            field={fields.nabers}
            type="text"
            inputMode="decimal"
          />
        </div>
        <TextAreaField label="Description (Markdown, optional)" field={fields.description} rows={8} />
        <SpaceImagesFields form={form} fields={fields} images={{ ...images, ...actionData?.images }} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <button
          type="submit"
          className="rounded-md bg-heritage-700 px-6 py-2.5 font-semibold text-white hover:bg-heritage-900"
        >
          Save the space
        </button>
      </Form>
    </>
  );
}
