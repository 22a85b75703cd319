import { randomBytes } from "node:crypto";
import { isPlaceholderEmail } from "~/site/building.ts";
import type { Enquiry } from "~/site/enquiry-schema.ts";
import { enquiryStatuses } from "~/site/manage.ts";
import { site } from "~/site/site.ts";
import type { Actor } from "../accounts/members.ts";
import type { Db } from "../db/database.ts";
import type { EnquiryStatus } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { giveBack } from "../http/rate-limit.ts";
import { admitTo, limits } from "../http/throttles.ts";
import { compose } from "../mail/message.ts";
import { enqueue } from "../mail/outbox.ts";
import { recordActivity } from "./activity.ts";
import { csvCell } from "./csv.ts";

/** `sent`: false when the recipient was an example address, and the enquiry was only kept. */
export type EnquiryResult =
  | { ok: true; id: string; sent: boolean }
  | { ok: false; status: 429; message: string };

/**
 * Keeps the enquiry and writes its one message, to the building's managers (`to`), in one
 * transaction: nothing goes to the visitor's address (the form is no relay); replies reach
 * them through Reply-To, when their address is header-safe. Five an hour per address and
 * ten in ten minutes from everyone, counted first. While the recipient is still an example
 * address the enquiry is kept for the owners (/manage/enquiries) and no message is written:
 * it would go nowhere.
 */
export async function sendEnquiry(
  db: Db,
  clientAddress: string,
  enquiry: Enquiry,
  to: string,
  now = Date.now(),
): Promise<EnquiryResult> {
  const admission = await admitTo(db, [limits.enquiriesPerAddress(clientAddress)], 1, now);
  if (!admission.allowed) {
    return {
      ok: false,
      status: 429,
      message: `Too many enquiries from your connection: 5 an hour at most. Try again in ${minutesIn(admission.waitSeconds)}, or call us.`,
    };
  }
  const siteWide = await admitTo(db, [limits.enquiriesSiteWide()], 1, now);
  if (!siteWide.allowed) {
    // Not this visitor's doing: their own allowance is given back.
    await Promise.all(admission.counted.map((counted) => giveBack(db, counted)));
    return {
      ok: false,
      status: 429,
      message: `The form is taking a short break: it has had more enquiries in the last few minutes than it accepts from everyone together. Your message was not sent. Try again in ${minutesIn(siteWide.waitSeconds)}, or call us.`,
    };
  }
  const id = randomBytes(12).toString("hex");
  const placeholder = isPlaceholderEmail(to);
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("enquiries")
      .values({
        id,
        name: enquiry.name,
        email: enquiry.email,
        phone: enquiry.phone ?? null,
        company: enquiry.company ?? null,
        lookingFor: enquiry.lookingFor ?? null,
        message: enquiry.message,
        createdAt: now,
        spaceSlug: enquiry.space ?? null,
        notSent: placeholder ? `the enquiry address, ${to}, is an example` : null,
      })
      .execute();
    if (placeholder) return;
    await enqueue(
      trx,
      {
        kind: "enquiry",
        to,
        replyTo: enquiry.email,
        subject: `Leasing enquiry from ${enquiry.name}`,
        ...compose([
          { paragraph: `A leasing enquiry came through the ${site.name} website.` },
          {
            fields: [
              ["Name", enquiry.name],
              ["E-mail", enquiry.email],
              ["Phone", enquiry.phone ?? "not given"],
              ["Company", enquiry.company ?? "not given"],
              ["Looking for", enquiry.lookingFor ?? "not given"],
              ...(enquiry.space ? [["Space", enquiry.space] as [string, string]] : []),
            ],
          },
          { quoted: enquiry.message, label: "Message" },
          {
            paragraph:
              "Reply to this message to answer them. Check the address before you send anything sensitive: the website does not verify it.",
          },
        ]),
      },
      now,
    );
  });
  return { ok: true, id, sent: !placeholder };
}

export interface StoredEnquiry extends Enquiry {
  id: string;
  status: EnquiryStatus;
  createdAt: number;
  /** Why it was kept but not sent, or undefined when it was sent. */
  notSent?: string;
}

export const enquiriesPageSize = 50;

/** Enquiries for owners, newest first, optionally of one status. */
export async function listEnquiries(
  db: Db,
  { page = 1, status, space }: { page?: number; status?: EnquiryStatus; space?: string } = {},
): Promise<StoredEnquiry[]> {
  let query = db
    .selectFrom("enquiries")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(enquiriesPageSize)
    .offset((page - 1) * enquiriesPageSize);
  if (status) query = query.where("status", "=", status);
  if (space) query = query.where("spaceSlug", "=", space);
  return (await query.execute()).map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? undefined,
    company: row.company ?? undefined,
    lookingFor: row.lookingFor ?? undefined,
    message: row.message,
    status: row.status,
    createdAt: Number(row.createdAt),
    notSent: row.notSent ?? undefined,
    space: row.spaceSlug ?? undefined,
  }));
}

/** Sets an enquiry's status; false when there is no such enquiry. */
export async function setEnquiryStatus(db: Db, id: string, status: EnquiryStatus): Promise<boolean> {
  if (!(enquiryStatuses as readonly string[]).includes(status))
    throw new Error(`not an enquiry status: ${status}`);
  const result = await db.updateTable("enquiries").set({ status }).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** How many enquiries there are, optionally of one status: the pages of the owners' listing. */
export async function countEnquiries(db: Db, status?: EnquiryStatus, space?: string): Promise<number> {
  let query = db.selectFrom("enquiries").select((eb) => eb.fn.countAll<number>().as("count"));
  if (status) query = query.where("status", "=", status);
  if (space) query = query.where("spaceSlug", "=", space);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** An owner marks an enquiry new, answered or archived, logged with the change in one transaction. */
export async function ownerSetsEnquiryStatus(
  db: Db,
  actor: Actor,
  id: string,
  status: EnquiryStatus,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const enquiry = await trx
      .selectFrom("enquiries")
      .select(["name", "email"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!enquiry || !(await setEnquiryStatus(trx, id, status))) return false;
    await recordActivity(trx, actor, `marked enquiry ${status}`, `${enquiry.name} <${enquiry.email}>`);
    return true;
  });
}

/** Every enquiry, newest first, as CSV (RFC 4180, CRLF line ends) for a spreadsheet. */
export async function enquiriesCsv(db: Db): Promise<string> {
  const rows = await db
    .selectFrom("enquiries")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const header = ["Received (UTC)", "Status", "Name", "E-mail", "Phone", "Company", "Looking for", "Message"];
  const lines = rows.map((row) =>
    [
      new Date(Number(row.createdAt)).toISOString(),
      row.status,
      row.name,
      row.email,
      row.phone ?? "",
      row.company ?? "",
      row.lookingFor ?? "",
      row.message,
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.map(csvCell).join(","), ...lines].join("\r\n")}\r\n`;
}

function minutesIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
