import { href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { listUsers } from "~/.server/accounts/members.ts";
import { recentBackups } from "~/.server/backups/schedule.ts";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { countAllPosts, countPosts } from "~/.server/posts/posts.ts";
import { buildingDetails, showDetails } from "~/.server/site/building.ts";
import { beforeGoingLive } from "~/.server/site/going-live.ts";
import { siteSettings } from "~/.server/site/settings.ts";
import { AppLink } from "~/components/PageLink.tsx";
import { manageMeta } from "~/site/manage-meta.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/manage-index";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const [posts, publicPosts, users, settings, backups, details] = await Promise.all([
    countAllPosts(db()),
    countPosts(db()),
    listUsers(db()),
    siteSettings(db()),
    recentBackups(db(), 20),
    buildingDetails(db()),
  ]);
  const lastGood = backups.find((backup) => backup.status === "ok") ?? null;
  const openPoints = beforeGoingLive({
    details,
    shown: await showDetails(details),
    settings,
    lastGoodBackup: lastGood?.startedAt ?? null,
  });
  const scheduled = config().backups.everyMs !== undefined;
  return {
    posts,
    publicPosts,
    users: users.length,
    owners: users.filter((user) => user.role === "owner").length,
    suspended: users.filter((user) => user.suspended).length,
    settings,
    backups: {
      scheduled,
      last: backups[0] ?? null,
      lastGood,
    },
    openPoints,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Manage the site", href("/manage"));
}

function Figure({ value, label, href }: { value: number | string; label: string; href: string }) {
  return (
    <li className="rounded-xl border border-sandstone-300 bg-white p-5 shadow-sm">
      <AppLink href={href} className="block">
        <span className="block text-3xl font-semibold text-heritage-900">{value}</span>
        <span className="mt-1 block font-medium text-slate-700">{label}</span>
      </AppLink>
    </li>
  );
}

export default function ManageIndex({ loaderData: data }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">Overview</h1>
      <BeforeGoingLive points={data.openPoints} />
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          value={data.posts}
          label={`Posts (${data.publicPosts} public)`}
          href={href("/manage/posts")}
        />
        <Figure
          value={data.users}
          label={`Users (${data.owners} owners, ${data.suspended} suspended)`}
          href={href("/manage/users")}
        />
        <Figure
          value={`${data.settings.registration === "open" ? "Open" : "Closed"} · ${
            data.settings.publishing === "review" ? "Review" : "Immediate"
          }`}
          label="Registration · Publishing"
          href={href("/manage/settings")}
        />
      </ul>
      <Backups {...data.backups} />
    </>
  );
}

type OpenPoints = Route.ComponentProps["loaderData"]["openPoints"];

/** What is left to do before the public sees the site; gone once everything is done. */
function BeforeGoingLive({ points }: { points: OpenPoints }) {
  if (points.length === 0) return null;
  return (
    <section
      aria-labelledby="going-live-heading"
      className="mt-6 rounded-xl border border-brick bg-red-50 p-4 sm:p-5"
    >
      <h2 id="going-live-heading" className="text-2xl font-semibold">
        Before going live
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        {points.map((point) => (
          <li key={point.text}>
            {point.text}
            {point.fix && (
              <>
                {" "}
                <AppLink
                  href={point.fix.href}
                  className="font-semibold text-heritage-700 underline underline-offset-4"
                >
                  {point.fix.label}
                </AppLink>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type BackupsState = Route.ComponentProps["loaderData"]["backups"];

/** When the server last backed the site up, and whether it worked (README, "Backups"). */
function Backups({ scheduled, last, lastGood }: BackupsState) {
  let summary: string;
  if (!scheduled)
    summary = "The server takes no backups of its own: set BACKUP_EVERY (see the README's Backups).";
  else if (!last) summary = "Backups are scheduled; the first has not been taken yet.";
  else if (last.status === "failed")
    summary = `The last backup, begun ${formatSydneyDateTime(last.startedAt)}, failed: ${last.error ?? "no reason given"}.`;
  else if (last.status === "running")
    summary = `A backup began ${formatSydneyDateTime(last.startedAt)} and is running.`;
  else
    summary = `The last backup was made ${formatSydneyDateTime(last.startedAt)} and read back without fault.`;
  return (
    <section className="mt-10" aria-labelledby="backups-heading">
      <h2 id="backups-heading" className="text-2xl font-semibold">
        Backups
      </h2>
      <p className="mt-3">{summary}</p>
      {lastGood && lastGood.startedAt.getTime() !== last?.startedAt.getTime() && (
        <p className="mt-2">The last good one was made {formatSydneyDateTime(lastGood.startedAt)}.</p>
      )}
    </section>
  );
}
