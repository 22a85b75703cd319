import { href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { activityPageSize, listActivity } from "~/.server/site/activity.ts";
import { ManageTable } from "~/components/manage/ManageTable.tsx";
import { Pager } from "~/components/Pager.tsx";
import { pageCount, pageNumber } from "~/http/page-number.ts";
import { formatSydneyDate } from "~/site/dates.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import type { Route } from "./+types/manage-activity";

const sydneyTime = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const page = pageNumber(url);
  const { entries, total } = await listActivity(db(), page);
  const pages = pageCount(page, total, activityPageSize);
  return {
    page,
    pages,
    entries: entries.map((entry) => ({
      id: entry.id,
      when: `${formatSydneyDate(entry.at)} ${sydneyTime.format(entry.at)}`,
      who: entry.actorEmail,
      what: entry.action,
      target: entry.target,
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Activity · Manage", href("/manage/activity"));
}

export default function ManageActivity({ loaderData: { entries, page, pages } }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">Activity</h1>
      <p className="mt-2 text-slate-700">What the owners did, newest first (Sydney time).</p>
      {entries.length === 0 ? (
        <p className="mt-6 text-lg">Nothing yet.</p>
      ) : (
        <ManageTable label="Activity" headings={["When", "Who", "What", "Which"]}>
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap">{entry.when}</td>
              <td className="max-w-56 px-4 py-3 break-words">{entry.who}</td>
              <td className="px-4 py-3">{entry.what}</td>
              <td className="max-w-xs px-4 py-3 break-words">{entry.target}</td>
            </tr>
          ))}
        </ManageTable>
      )}
      <Pager
        page={page}
        pages={pages}
        path={href("/manage/activity")}
        newer="← Newer entries"
        older="Older entries →"
      />
    </>
  );
}
