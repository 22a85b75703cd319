import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { buildingDetails, changeBuilding, enquiryRecipient } from "~/.server/site/building.ts";
import { BuildingForm, buildingFormFields } from "~/components/manage/BuildingForm.tsx";
import { buildingSchema } from "~/site/building.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import type { Route } from "./+types/manage-building";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const details = await buildingDetails(db());
  return { details, recipient: enquiryRecipient(details) };
}

/**
 * Saves the building's details; nothing is saved while a field is wrong. Adding, removing and
 * moving a contact or profile are the form's own buttons: without JavaScript they come here,
 * and the page comes back with the rows changed and nothing saved yet.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const form = await readForm(request, { maxFields: buildingFormFields });
  const submission = parseWithZod(form, { schema: buildingSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  await changeBuilding(db(), owner, submission.value);
  return redirectWithToast(href("/manage/building"), "The building's details are saved");
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Building · Manage", href("/manage/building"));
}

export default function ManageBuilding({
  loaderData: { details, recipient },
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">The building</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        The address, hours and contacts every page shows. Example addresses (ending in .example) and 02 5550
        numbers are left out of the pages until you set real ones.
      </p>
      <BuildingForm details={details} recipient={recipient} lastResult={actionData?.result} />
    </>
  );
}
