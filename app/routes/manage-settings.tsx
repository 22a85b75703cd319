import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { readOwnerForm } from "~/.server/site/moderation.ts";
import { changeSettings, siteSettings } from "~/.server/site/settings.ts";
import { ActionNotice } from "~/components/manage/ActionButton.tsx";
import { SettingsForm } from "~/components/manage/SettingsForm.tsx";
import { ownTwoStepFirst, settingsSchema, unreadableAction } from "~/site/manage.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import type { Route } from "./+types/manage-settings";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  return { settings: await siteSettings(db()) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const parsed = settingsSchema.safeParse(await readOwnerForm(request));
  if (!parsed.success) return data({ ok: false, message: unreadableAction }, { status: 400 });
  // Else the owner would lock themselves out of this very page until they set it up.
  if (parsed.data.ownersTwoStep === "required" && !owner.twoStep)
    return data({ ok: false, message: ownTwoStepFirst }, { status: 409 });
  await changeSettings(db(), owner, parsed.data);
  return data({ ok: true, message: "Settings saved" });
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Settings · Manage", href("/manage/settings"));
}

export default function ManageSettings({ loaderData: { settings }, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">Settings</h1>
      <ActionNotice outcome={actionData} />
      <SettingsForm settings={settings} />
    </>
  );
}
