import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { countOutbox, listOutbox, outboxPageSize } from "~/.server/mail/outbox.ts";
import { ManageTable } from "~/components/manage/ManageTable.tsx";
import { Pager } from "~/components/Pager.tsx";
import { pageCount, pageNumber } from "~/http/page-number.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/manage-outbox";

const statusLabels = { pending: "Waiting", sent: "Sent", failed: "Failed" } as const;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const page = pageNumber(url);
  const [messages, total] = await Promise.all([listOutbox(db(), { page }), countOutbox(db())]);
  const when = (at: number) => formatSydneyDateTime(new Date(at));
  return {
    page,
    pages: pageCount(page, total, outboxPageSize),
    messages: messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      to: message.toAddress,
      subject: message.subject,
      text: message.text,
      status: statusLabels[message.status],
      attempts: message.attempts,
      nextAttempt: message.status === "pending" ? when(message.nextAttemptAt) : null,
      lastError: message.lastError,
      created: when(message.createdAt),
      sent: message.sentAt === null ? null : when(message.sentAt),
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Outbox · Manage", "/manage/outbox");
}

export default function ManageOutbox({ loaderData: { messages, page, pages } }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">Outbox</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Every message the site has written, newest first (Sydney time): what waits, what was sent, and why a
        delivery failed. When the site has no mail server set, nothing is sent and messages wait here: open
        one to read it. Its links are shown as text to copy, not to click, because opening a password-reset
        link here would use it up.
      </p>
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
                <details>
                  <summary className="cursor-pointer break-words font-medium text-heritage-900">
                    {message.subject}
                  </summary>
                  <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-sandstone-100 p-3 font-mono text-sm break-words whitespace-pre-wrap">
                    {message.text}
                  </pre>
                </details>
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
        path="/manage/outbox"
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
