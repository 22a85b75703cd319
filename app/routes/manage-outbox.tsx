import { data, Form, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { countOutbox, listOutbox, outboxPageSize, readMessageLinks } from "~/.server/mail/outbox.ts";
import { readOwnerForm } from "~/.server/site/moderation.ts";
import { mailingHistory, type PostMailingHistory } from "~/.server/subscriptions/mailings.ts";
import { ActionNotice } from "~/components/manage/ActionButton.tsx";
import { ManageTable } from "~/components/manage/ManageTable.tsx";
import { PageLink } from "~/components/PageLink.tsx";
import { Pager } from "~/components/Pager.tsx";
import { formTokenField } from "~/http/form-token-field.ts";
import { pageCount, pageNumber } from "~/http/page-number.ts";
import { rootData } from "~/http/root-data.ts";
import { unreadableAction } from "~/site/manage.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/manage-outbox";

const statusLabels = { pending: "Waiting", sent: "Sent", failed: "Failed" } as const;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const page = pageNumber(url);
  const [messages, total, mailings] = await Promise.all([
    listOutbox(db(), { page }),
    countOutbox(db()),
    page === 1 ? mailingHistory(db()) : [],
  ]);
  const when = (at: number) => formatSydneyDateTime(new Date(at));
  const sendsMail = Boolean(config().mail.smtpUrl);
  return {
    page,
    sendsMail,
    pages: pageCount(page, total, outboxPageSize),
    mailings: mailings.map((mailing) => ({ ...mailing, started: when(mailing.createdAt) })),
    messages: messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      to: message.toAddress,
      subject: message.subject,
      text: message.text,
      readable: !sendsMail && message.holdsLink,
      status: statusLabels[message.status],
      attempts: message.attempts,
      nextAttempt: message.status === "pending" ? when(message.nextAttemptAt) : null,
      lastError: message.lastError,
      created: when(message.createdAt),
      sent: message.sentAt === null ? null : when(message.sentAt),
    })),
  };
}

/** Reading an undelivered message's links (only when the site sends no mail; each reading is logged). */
export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const { intent, id } = await readOwnerForm(request);
  if (intent !== "read" || !id) return data({ ok: false, message: unreadableAction }, { status: 400 });
  const reading = await readMessageLinks(db(), owner, id, { sendsMail: Boolean(config().mail.smtpUrl) });
  if (!reading.ok) return data({ ok: false, message: reading.message }, { status: reading.status });
  return {
    ok: true,
    message: "The message is shown whole below; your reading of it is in the activity log.",
    read: { id, text: reading.text },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Outbox · Manage", href("/manage/outbox"));
}

export default function ManageOutbox({
  loaderData: { messages, page, pages, sendsMail, mailings },
  actionData,
  matches,
}: Route.ComponentProps) {
  const { formToken } = rootData(matches);
  const read = actionData && "read" in actionData ? actionData.read : undefined;
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">Outbox</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Every message the site has written, newest first (Sydney time): what waits, what was sent, and why a
        delivery failed. A message's links are for the person it was sent to: once it is delivered, the copy
        kept here has them taken out.
      </p>
      <p className="mt-2 max-w-3xl text-slate-700">
        {sendsMail
          ? "The site sends its mail, so no one else may read a link."
          : "The site has no mail server set, so nothing is sent and messages wait here. To pass a link on to the person it is for, read the message whole: each reading is recorded in the activity log. Copy the link; opening a password-reset link here would use it up."}
      </p>
      <ActionNotice outcome={actionData} />
      {mailings.length > 0 && (
        <>
          <MailingHistory mailings={mailings} />
          <h2 className="mt-10 text-2xl font-semibold">Every message</h2>
        </>
      )}
      {messages.length === 0 ? (
        <p className="mt-6 text-lg">No messages yet.</p>
      ) : (
        <ManageTable label="Messages" headings={["Created", "Kind", "To", "Subject and text", "Delivery"]}>
          {messages.map((message) => (
            <tr key={message.id} className="align-top" data-testid="outbox-message">
              <td className="px-4 py-3 whitespace-nowrap">{message.created}</td>
              <td className="px-4 py-3">{message.kind}</td>
              <td className="max-w-48 px-4 py-3 break-words">{message.to}</td>
              <td className="max-w-sm min-w-56 px-4 py-3">
                <details open={read?.id === message.id}>
                  <summary className="cursor-pointer break-words font-medium text-heritage-900">
                    {message.subject}
                  </summary>
                  <pre className="mt-2 rounded-md bg-sandstone-100 p-3 font-mono text-sm break-words whitespace-pre-wrap">
                    {read?.id === message.id ? read.text : message.text}
                  </pre>
                </details>
                {message.readable && read?.id !== message.id && (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name={formTokenField} value={formToken ?? ""} />
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={message.id} />
                    <button
                      type="submit"
                      aria-label={`Read the link in “${message.subject}” to ${message.to}`}
                      className="rounded-md border border-heritage-700 px-3 py-1 text-sm font-semibold text-heritage-700 hover:bg-heritage-50"
                    >
                      Read the link (logged)
                    </button>
                  </Form>
                )}
              </td>
              <td className="min-w-52 px-4 py-3">
                <dl className="text-sm">
                  <div>
                    <dt className="sr-only">Status</dt>
                    <dd className="text-base font-semibold">{message.status}</dd>
                  </div>
                  <Detail label="Attempts">{message.attempts}</Detail>
                  {message.nextAttempt && <Detail label="Next attempt">{message.nextAttempt}</Detail>}
                  {message.sent && <Detail label="Sent">{message.sent}</Detail>}
                  {message.lastError && (
                    <Detail label="Last error" className="max-w-64 break-words text-brick">
                      {message.lastError}
                    </Detail>
                  )}
                </dl>
              </td>
            </tr>
          ))}
        </ManageTable>
      )}
      <Pager
        page={page}
        pages={pages}
        path={href("/manage/outbox")}
        newer="← Newer messages"
        older="Older messages →"
      />
    </>
  );
}

/** One labelled fact of a message, on its own line. */
function Detail({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`mt-1 ${className}`}>
      <dt className="inline font-semibold">{`${label}: `}</dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

/** Posts sent to subscribers, newest first: each mailing's messages waiting, sent and failed. */
function MailingHistory({ mailings }: { mailings: (PostMailingHistory & { started: string })[] }) {
  return (
    <div className="mt-8">
      <h2 className="text-2xl font-semibold">Posts sent to subscribers</h2>
      <ManageTable
        label="Posts sent to subscribers"
        headings={["Started", "Posts", "Waiting", "Sent", "Failed"]}
      >
        {mailings.map((mailing) => (
          <tr key={mailing.mailingId} className="align-top" data-testid="mailing">
            <td className="px-4 py-3 whitespace-nowrap">{mailing.started}</td>
            <td className="max-w-md px-4 py-3">
              {mailing.kind === "digest" && <span className="font-semibold">Weekly digest: </span>}
              {mailing.posts.length === 0
                ? mailing.subject
                : mailing.posts.map((post, i) => (
                    <span key={post.slug}>
                      {i > 0 && ", "}
                      <PageLink href={`/blog/${post.slug}`} className="underline underline-offset-4">
                        {post.title}
                      </PageLink>
                    </span>
                  ))}
              {!mailing.finished && (
                <span className="block text-sm text-slate-700">Still writing messages</span>
              )}
            </td>
            <td className="px-4 py-3">{mailing.queued}</td>
            <td className="px-4 py-3">{mailing.sent}</td>
            <td className="px-4 py-3">{mailing.failed}</td>
          </tr>
        ))}
      </ManageTable>
    </div>
  );
}
