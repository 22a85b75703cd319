import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { readOwnerForm } from "~/.server/site/moderation.ts";
import {
  listSubscribers,
  ownerRemovesSubscriber,
  subscriberCounts,
  subscribersPageSize,
} from "~/.server/subscriptions/subscribers.ts";
import { ActionButton, ActionNotice } from "~/components/manage/ActionButton.tsx";
import { HeadingWithCsv } from "~/components/manage/HeadingWithCsv.tsx";
import { ManageTable } from "~/components/manage/ManageTable.tsx";
import { Pager } from "~/components/Pager.tsx";
import { pageCount, pageNumber } from "~/http/page-number.ts";
import { subscriberActionSchema, unreadableAction } from "~/site/manage.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/manage-subscribers";

const statusLabels = {
  pending: "Waiting for confirmation",
  confirmed: "Confirmed",
  stopped: "Stopped (refused)",
};

/** `?q=`: the part of an address to look for (at most an address's length). */
function searchOf(url: URL): string {
  return (url.searchParams.get("q") ?? "").trim().slice(0, 254);
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const page = pageNumber(url);
  const search = searchOf(url);
  const [counts, { entries, total }] = await Promise.all([
    subscriberCounts(db()),
    listSubscribers(db(), { search, page }),
  ]);
  const when = (at: number | null) => (at === null ? "" : formatSydneyDateTime(new Date(at)));
  return {
    counts,
    search,
    page,
    total,
    pages: pageCount(page, total, subscribersPageSize),
    subscribers: entries.map((entry) => ({
      id: entry.id,
      email: entry.email,
      status: statusLabels[entry.status],
      subscribed: when(entry.createdAt),
      confirmed: when(entry.confirmedAt),
      refused: entry.bounces,
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const parsed = subscriberActionSchema.safeParse(await readOwnerForm(request));
  if (!parsed.success) return data({ ok: false, message: unreadableAction }, { status: 400 });
  if (!(await ownerRemovesSubscriber(db(), owner, parsed.data.id)))
    return data({ ok: false, message: "There is no such subscriber." }, { status: 404 });
  return data({ ok: true, message: "Subscriber removed: their address is deleted" });
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Subscribers · Manage", href("/manage/subscribers"));
}

export default function ManageSubscribers({
  loaderData: { counts, search, subscribers, page, pages, total },
  actionData,
}: Route.ComponentProps) {
  const figures: [string, number][] = [
    ["Confirmed", counts.confirmed],
    ["Waiting for confirmation", counts.pending],
    ["Stopped after refusals", counts.stopped],
    ["Left this month", counts.leftThisMonth],
  ];
  return (
    <>
      <HeadingWithCsv title="Subscribers" csv={href("/manage/subscribers.csv")} />
      <p className="mt-2 max-w-3xl text-slate-700">
        Readers who get new posts by e-mail (what they get: Settings, Posts by e-mail). Only confirmed
        addresses are sent posts. Removing a subscriber deletes their address; the month's count of those who
        left keeps no address.
      </p>
      <ActionNotice outcome={actionData} />
      <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-sandstone-300 bg-white p-4">
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="mt-1 text-3xl font-semibold text-heritage-900">{value}</dd>
          </div>
        ))}
      </dl>
      <search className="mt-6 block max-w-xl">
        <form method="get" className="flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor="subscriber-search" className="block font-medium text-heritage-900">
              Find an address
            </label>
            <input
              id="subscriber-search"
              type="search"
              name="q"
              defaultValue={search}
              maxLength={254}
              className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base focus:border-heritage-700"
            />
          </div>
          <button
            type="submit"
            className="rounded-md border border-heritage-700 px-4 py-2 font-semibold text-heritage-700 hover:bg-heritage-50"
          >
            Find
          </button>
        </form>
      </search>
      {subscribers.length === 0 ? (
        <p className="mt-6 text-lg">{search ? `No address contains “${search}”.` : "No subscribers yet."}</p>
      ) : (
        <>
          {search && (
            <p className="mt-4" role="status">
              {`${total === 1 ? "1 address contains" : `${total} addresses contain`} “${search}”.`}
            </p>
          )}
          <ManageTable
            label="Subscribers"
            headings={["Address", "Status", "Subscribed", "Confirmed", "Refused"]}
          >
            {subscribers.map((subscriber) => (
              <tr key={subscriber.id} data-testid="subscriber">
                <td className="max-w-64 px-4 py-3 break-words">
                  <span className="block">{subscriber.email}</span>
                  <span className="mt-2 block">
                    <ActionButton
                      fields={{ intent: "remove", id: subscriber.id }}
                      label="Remove"
                      accessibleLabel={`Remove ${subscriber.email}`}
                      tone="warning"
                    />
                  </span>
                </td>
                <td className="px-4 py-3">{subscriber.status}</td>
                <td className="px-4 py-3 whitespace-nowrap">{subscriber.subscribed}</td>
                <td className="px-4 py-3 whitespace-nowrap">{subscriber.confirmed}</td>
                <td className="px-4 py-3">{subscriber.refused}</td>
              </tr>
            ))}
          </ManageTable>
        </>
      )}
      <Pager
        page={page}
        pages={pages}
        path={href("/manage/subscribers")}
        query={search ? { q: search } : {}}
        newer="← Newer subscribers"
        older="Older subscribers →"
      />
    </>
  );
}
