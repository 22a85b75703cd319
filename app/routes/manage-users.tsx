import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { decideProfile, listUsers, setRole, setSuspended } from "~/.server/accounts/members.ts";
import { db } from "~/.server/db/index.ts";
import { readOwnerForm } from "~/.server/site/moderation.ts";
import { ActionButton, ActionNotice, DeleteLink } from "~/components/manage/ActionButton.tsx";
import { ManageTable } from "~/components/manage/ManageTable.tsx";
import { formatSydneyDate } from "~/site/dates.ts";
import { unreadableAction, userActionSchema } from "~/site/manage.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import type { Route } from "./+types/manage-users";

export async function loader({ request, url }: Route.LoaderArgs) {
  const owner = await requireOwner(request, url);
  const users = await listUsers(db());
  return {
    users: users.map((user) => ({
      ...user,
      you: user.id === owner.id,
      joined: formatSydneyDate(user.joined),
      lastSignIn: user.lastSignIn ? formatSydneyDate(user.lastSignIn) : "Never",
    })),
  };
}

const done = {
  suspend: "User suspended and signed out everywhere",
  restore: "User restored",
  "make-owner": "User is now an owner",
  "remove-owner": "User is no longer an owner",
  "approve-profile": "Profile approved: it shows on their posts and author page",
  "reject-profile": "Profile change rejected",
} as const;

export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const parsed = userActionSchema.safeParse(await readOwnerForm(request));
  if (!parsed.success) return data({ ok: false, message: unreadableAction }, { status: 400 });
  const { intent, userId } = parsed.data;
  const result =
    intent === "suspend" || intent === "restore"
      ? await setSuspended(db(), owner, userId, intent === "suspend")
      : intent === "approve-profile" || intent === "reject-profile"
        ? await decideProfile(db(), owner, userId, intent === "approve-profile")
        : await setRole(db(), owner, userId, intent === "make-owner" ? "owner" : "author");
  if (!result.ok) return data({ ok: false, message: result.message }, { status: result.status });
  return data({ ok: true, message: done[intent] });
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Users · Manage", href("/manage/users"));
}

export default function ManageUsers({ loaderData: { users }, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">Users</h1>
      <ActionNotice outcome={actionData} />
      <ManageTable
        label="Users"
        headings={[
          "E-mail",
          "Name",
          "Role",
          "Two-step sign-in",
          "Posts",
          "Joined",
          "Last sign-in",
          "Actions",
        ]}
      >
        {users.map((user) => (
          <tr key={user.id} className="align-top">
            <td className="px-4 py-3 whitespace-nowrap">
              {user.email}
              {user.you && <span className="ml-1 text-sm text-slate-700">(you)</span>}
            </td>
            <td className="max-w-64 px-4 py-3 break-words">
              {user.displayName ?? "—"}
              {user.pending && <PendingProfile email={user.email} userId={user.id} profile={user.pending} />}
            </td>
            <td className="px-4 py-3" data-testid="user-role">
              {user.role === "owner" ? "Owner" : "Author"}
              {user.suspended && <span className="block text-sm font-semibold text-brick">Suspended</span>}
            </td>
            <td className="px-4 py-3" data-testid="user-two-step">
              {user.twoStep ? "On" : "Off"}
            </td>
            <td className="px-4 py-3">{user.posts}</td>
            <td className="px-4 py-3 whitespace-nowrap">{user.joined}</td>
            <td className="px-4 py-3 whitespace-nowrap">{user.lastSignIn}</td>
            <td className="px-4 py-3">
              {user.you ? (
                <span className="text-sm text-slate-700">Your own account: see Account</span>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <ActionButton
                    fields={{ intent: user.suspended ? "restore" : "suspend", userId: user.id }}
                    label={user.suspended ? "Restore" : "Suspend"}
                    accessibleLabel={`${user.suspended ? "Restore" : "Suspend"} ${user.email}`}
                    tone={user.suspended ? "plain" : "warning"}
                  />
                  <ActionButton
                    fields={{
                      intent: user.role === "owner" ? "remove-owner" : "make-owner",
                      userId: user.id,
                    }}
                    label={user.role === "owner" ? "Remove owner" : "Make owner"}
                    accessibleLabel={`${user.role === "owner" ? "Remove owner" : "Make owner"}: ${user.email}`}
                  />
                  <DeleteLink
                    href={href("/manage/users/:id/delete", { id: user.id })}
                    accessibleLabel={`Delete ${user.email}`}
                  />
                </div>
              )}
            </td>
          </tr>
        ))}
      </ManageTable>
    </>
  );
}

/** A profile change waiting for an owner (review mode), with its two decisions. */
function PendingProfile({
  email,
  userId,
  profile,
}: {
  email: string;
  userId: string;
  profile: { displayName: string | null; handle: string | null; bio: string | null };
}) {
  return (
    <div className="mt-2 rounded-md border border-sandstone-500 bg-sandstone-100 p-2 text-sm">
      <p className="font-semibold">Waiting for approval:</p>
      <dl>
        <dt className="inline font-semibold">Name: </dt>
        <dd className="inline">{profile.displayName ?? "(none)"}</dd>
        <br />
        <dt className="inline font-semibold">Handle: </dt>
        <dd className="inline">{profile.handle ?? "(none)"}</dd>
        <br />
        <dt className="inline font-semibold">Bio: </dt>
        <dd className="inline">{profile.bio ?? "(none)"}</dd>
      </dl>
      <div className="mt-2 flex flex-wrap gap-2">
        <ActionButton
          fields={{ intent: "approve-profile", userId }}
          label="Approve"
          accessibleLabel={`Approve the profile of ${email}`}
        />
        <ActionButton
          fields={{ intent: "reject-profile", userId }}
          label="Reject"
          accessibleLabel={`Reject the profile of ${email}`}
          tone="warning"
        />
      </div>
    </div>
  );
}
