import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { readOwnerForm } from "~/.server/site/moderation.ts";
import {
  actOnSpace,
  enquiryCounts,
  listSpaces,
  type SpaceAction,
  spaceActions,
} from "~/.server/site/spaces.ts";
import { ActionButton, ActionNotice } from "~/components/manage/ActionButton.tsx";
import { AppLink, PageLink } from "~/components/PageLink.tsx";
import { z } from "~/http/zod.ts";
import { unreadableAction } from "~/site/manage.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import { rentText, spaceStatuses, spaceStatusLabels } from "~/site/spaces.ts";
import type { Route } from "./+types/manage-spaces";

const spaceActionSchema = z.object({ slug: z.string().min(1).max(100), action: z.enum(spaceActions) });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const [spaces, counts] = await Promise.all([listSpaces(db()), enquiryCounts(db())]);
  return {
    spaces: spaces.map((space) => ({
      slug: space.slug,
      name: space.name,
      area: space.area,
      rent: rentText(space),
      status: space.status,
      archived: space.archived,
      enquiries: counts.get(space.slug) ?? 0,
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const parsed = spaceActionSchema.safeParse(await readOwnerForm(request));
  if (!parsed.success) return data({ ok: false, message: unreadableAction }, { status: 400 });
  if (!(await actOnSpace(db(), owner, parsed.data.slug, parsed.data.action)))
    return data({ ok: false, message: "There is no such space." }, { status: 404 });
  return data({ ok: true, message: "Space updated" });
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Spaces · Manage", href("/manage/spaces"));
}

const actionLabels: Record<SpaceAction, string> = {
  up: "Move up",
  down: "Move down",
  archive: "Archive",
  restore: "Restore",
  available: "Mark available",
  "under-offer": "Mark under offer",
  leased: "Mark leased",
};

export default function ManageSpaces({ loaderData: { spaces }, actionData }: Route.ComponentProps) {
  return (
    <>
      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-4xl font-semibold">Spaces for lease</h1>
        <AppLink
          href={href("/manage/spaces/new")}
          className="rounded-md bg-heritage-700 px-4 py-2 font-semibold text-white hover:bg-heritage-900"
        >
          Add a space
        </AppLink>
      </div>
      <p className="mt-2 text-slate-700">
        Available and under-offer spaces are listed on /commercial in this order, each with its own page.
      </p>
      <ActionNotice outcome={actionData} />
      {spaces.length === 0 ? (
        <p className="mt-6 text-lg">No spaces yet.</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {spaces.map((space) => (
            <li
              key={space.slug}
              data-testid="space"
              className="rounded-xl border border-sandstone-300 bg-white p-5"
            >
              <h2 className="text-xl font-semibold break-words text-heritage-900">{space.name}</h2>
              <p className="mt-1 text-slate-700">
                {spaceStatusLabels[space.status]}
                {space.archived && " · archived"} · {space.area} m² · {space.rent} ·{" "}
                <PageLink
                  href={`${href("/manage/enquiries")}?space=${space.slug}`}
                  className="text-heritage-700 underline underline-offset-4"
                >
                  {space.enquiries} {space.enquiries === 1 ? "enquiry" : "enquiries"}
                </PageLink>
              </p>
              <div className="mt-3 flex flex-wrap items-start gap-2">
                <AppLink
                  href={`/manage/spaces/${space.slug}`}
                  className="rounded-md bg-heritage-700 px-3 py-1 text-sm font-semibold text-white hover:bg-heritage-900"
                >
                  Edit<span className="sr-only"> {space.name}</span>
                </AppLink>
                {(
                  [
                    "up",
                    "down",
                    ...spaceStatuses.filter((status) => status !== space.status),
                    space.archived ? "restore" : "archive",
                  ] as SpaceAction[]
                ).map((action) => (
                  <ActionButton
                    key={action}
                    fields={{ slug: space.slug, action }}
                    label={actionLabels[action]}
                    accessibleLabel={`${actionLabels[action]}: ${space.name}`}
                    tone={action === "archive" ? "warning" : "plain"}
                  />
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
