import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import {
  countEnquiries,
  enquiriesPageSize,
  listEnquiries,
  ownerSetsEnquiryStatus,
} from "~/.server/site/enquiries.ts";
import { readOwnerForm } from "~/.server/site/moderation.ts";
import { ActionButton, ActionNotice } from "~/components/manage/ActionButton.tsx";
import { HeadingWithCsv } from "~/components/manage/HeadingWithCsv.tsx";
import { PageLink } from "~/components/PageLink.tsx";
import { Pager } from "~/components/Pager.tsx";
import { pageCount, pageHref, pageNumber } from "~/http/page-number.ts";
import { enquiryActionSchema, enquiryStatuses, replyHref, unreadableAction } from "~/site/manage.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import { site } from "~/site/site.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/manage-enquiries";

type Status = (typeof enquiryStatuses)[number];

const statusLabels: Record<Status, string> = { new: "New", answered: "Answered", archived: "Archived" };

/** `?status=`: one of the statuses, or none for every enquiry; anything else is no page (404). */
function statusFilter(url: URL): Status | undefined {
  const raw = url.searchParams.get("status");
  if (raw === null || raw === "") return undefined;
  if (!(enquiryStatuses as readonly string[]).includes(raw)) throw data(null, { status: 404 });
  return raw as Status;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const page = pageNumber(url);
  const status = statusFilter(url);
  // `?space=`: the enquiries about one space (from /manage/spaces).
  const space = url.searchParams.get("space") || undefined;
  const [enquiries, total] = await Promise.all([
    listEnquiries(db(), { page, status, space }),
    countEnquiries(db(), status, space),
  ]);
  return {
    page,
    pages: pageCount(page, total, enquiriesPageSize),
    status: status ?? null,
    space: space ?? null,
    enquiries: enquiries.map((enquiry) => ({
      ...enquiry,
      received: formatSydneyDateTime(new Date(enquiry.createdAt)),
      reply: replyHref(enquiry.email, `Re: your enquiry to ${site.name}`),
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const parsed = enquiryActionSchema.safeParse(await readOwnerForm(request));
  if (!parsed.success) return data({ ok: false, message: unreadableAction }, { status: 400 });
  const { id, status } = parsed.data;
  if (!(await ownerSetsEnquiryStatus(db(), owner, id, status)))
    return data({ ok: false, message: "There is no such enquiry." }, { status: 404 });
  return data({ ok: true, message: `Enquiry marked ${statusLabels[status].toLowerCase()}` });
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Enquiries · Manage", href("/manage/enquiries"));
}

const filterClass = "block rounded-md border px-3 py-1 font-medium";

function StatusFilter({ current }: { current: Status | null }) {
  const choices: { label: string; status: Status | null }[] = [
    { label: "All", status: null },
    ...enquiryStatuses.map((status) => ({ label: statusLabels[status], status })),
  ];
  return (
    <nav aria-label="Enquiries by status" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.label}>
            <PageLink
              href={pageHref(href("/manage/enquiries"), 1, choice.status ? { status: choice.status } : {})}
              aria-current={choice.status === current ? "page" : undefined}
              className={`${filterClass} ${
                choice.status === current
                  ? "border-heritage-700 bg-heritage-700 text-white"
                  : "border-sandstone-300 bg-white text-heritage-900 hover:bg-heritage-50"
              }`}
            >
              {choice.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Detail({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}

export default function ManageEnquiries({
  loaderData: { enquiries, page, pages, status, space },
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <HeadingWithCsv title="Enquiries" csv={href("/manage/enquiries.csv")} />
      <p className="mt-2 text-slate-700">
        Leasing enquiries from the contact form, newest first (Sydney time). Reply from your own mail program;
        the address is as the visitor typed it.
      </p>
      <ActionNotice outcome={actionData} />
      <StatusFilter current={status} />
      {space && <p className="mt-4 font-medium">About the space {space} only.</p>}
      {enquiries.length === 0 ? (
        <p className="mt-6 text-lg">{status ? `No ${status} enquiries.` : "No enquiries yet."}</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {enquiries.map((enquiry) => (
            <li
              key={enquiry.id}
              data-testid="enquiry"
              className="rounded-xl border border-sandstone-300 bg-white p-5"
            >
              <article aria-label={`Enquiry from ${enquiry.name}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-xl font-semibold break-words text-heritage-900">{enquiry.name}</h2>
                  <p className="text-sm text-slate-700">
                    <span data-testid="enquiry-status" className="mr-2 font-semibold text-heritage-900">
                      {statusLabels[enquiry.status]}
                    </span>
                    received {enquiry.received}
                  </p>
                </div>
                <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <Detail label="E-mail" value={enquiry.email} />
                  <Detail label="Phone" value={enquiry.phone} />
                  <Detail label="Company" value={enquiry.company} />
                  <Detail label="Looking for" value={enquiry.lookingFor} />
                  <Detail label="Space" value={enquiry.space} />
                </dl>
                <p className="mt-4 border-l-4 border-sandstone-300 pl-4 break-words whitespace-pre-wrap">
                  {enquiry.message}
                </p>
                {enquiry.notSent && (
                  <p data-testid="enquiry-not-sent" className="mt-3 text-sm font-medium text-brick">
                    Kept here, not sent: {enquiry.notSent}.
                  </p>
                )}
                <div className="mt-4 flex flex-wrap items-start gap-2">
                  <a
                    href={enquiry.reply}
                    aria-label={`Reply to ${enquiry.name}`}
                    className="rounded-md bg-heritage-700 px-3 py-1 text-sm font-semibold text-white hover:bg-heritage-900"
                  >
                    Reply
                  </a>
                  {enquiryStatuses
                    .filter((next) => next !== enquiry.status)
                    .map((next) => (
                      <ActionButton
                        key={next}
                        fields={{ id: enquiry.id, status: next }}
                        label={`Mark ${next}`}
                        accessibleLabel={`Mark ${next}: enquiry from ${enquiry.name}`}
                      />
                    ))}
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pager
        page={page}
        pages={pages}
        path={href("/manage/enquiries")}
        query={status ? { status } : {}}
        newer="← Newer enquiries"
        older="Older enquiries →"
      />
    </>
  );
}
