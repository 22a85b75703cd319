import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { ownerDeletesUser, userSummary } from "~/.server/accounts/members.ts";
import { db } from "~/.server/db/index.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { readOwnerForm } from "~/.server/site/moderation.ts";
import { postCount } from "~/accounts/account-schema.ts";
import { ConfirmDelete } from "~/components/manage/ConfirmDelete.tsx";
import { manageMeta } from "~/site/manage-meta.ts";
import type { Route } from "./+types/manage-user-delete";

async function existingUser(id: string) {
  const user = await userSummary(db(), id);
  if (!user) throw data(null, { status: 404 });
  return user;
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  return existingUser(params.id);
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  await readOwnerForm(request);
  const user = await existingUser(params.id);
  const result = await ownerDeletesUser(db(), owner, params.id);
  if (!result.ok) return data({ error: result.message, ...user }, { status: result.status });
  return redirectWithToast(href("/manage/users"), "User deleted");
}

export function meta({ matches, params }: Route.MetaArgs) {
  return manageMeta(matches, "Delete a user · Manage", href("/manage/users/:id/delete", { id: params.id }));
}

export default function ManageUserDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { email, posts } = loaderData;
  return (
    <ConfirmDelete
      title="Delete this user?"
      confirmLabel={`Yes, delete the account and ${postCount(posts)}`}
      back={href("/manage/users")}
      error={actionData?.error}
    >
      <p>
        The account {email} will be deleted for good, with {postCount(posts)} and their images. This cannot be
        undone.
      </p>
    </ConfirmDelete>
  );
}
