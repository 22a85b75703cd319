import { randomBytes } from "node:crypto";
import { holdsToken, withoutTokens } from "../accounts/links.ts";
import type { Actor } from "../accounts/members.ts";
import type { Db } from "../db/database.ts";
import type { OutboxStatus } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import type { WaitingMessages } from "../metrics.ts";
import { recordActivity } from "../site/activity.ts";
import { headerSafeAddress, headerSafeText, type Message, priorities } from "./message.ts";

/**
 * Writes a message to the outbox. Call it with the transaction of what causes the message
 * (an enquiry, a reset link): both are kept, or neither. The sender delivers it afterwards.
 * Addresses and the subject are made header-safe here, whatever the caller passed.
 */
export async function enqueue(trx: Db, message: Message, now = Date.now()): Promise<string> {
  const [id] = await enqueueAll(trx, [message], now);
  return id as string;
}

/** Writes several messages at once (a batch of a mailing), as `enqueue` does one. */
export async function enqueueAll(trx: Db, messages: Message[], now = Date.now()): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = messages.map((message) => {
    const to = headerSafeAddress(message.to);
    if (!to) throw new Error(`outbox: "${message.kind}" has no valid recipient`);
    return {
      id: randomBytes(12).toString("hex"),
      kind: message.kind,
      toAddress: to,
      replyTo: headerSafeAddress(message.replyTo) ?? null,
      subject: headerSafeText(message.subject),
      text: message.text,
      html: message.html,
      nextAttemptAt: message.nextAttemptAt ?? now,
      createdAt: now,
      priority: message.priority ?? priorities.account,
      headers: message.headers ? JSON.stringify(message.headers) : null,
      mailingId: message.mailingId ?? null,
      subscriberId: message.subscriberId ?? null,
    };
  });
  await trx.insertInto("outbox").values(rows).execute();
  return rows.map(({ id }) => id);
}

export interface OutboxEntry {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  /** The plain-text body, the tokens of its links taken out: for those, see `readMessageLinks`. */
  text: string;
  /** Whether the stored message still holds a link someone could use (it is not delivered yet). */
  holdsLink: boolean;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  nextAttemptAt: number;
}

export const outboxPageSize = 50;

/** The outbox for owners, newest first: what waits, what was sent, what failed and why. */
export async function listOutbox(
  db: Db,
  { page = 1, status }: { page?: number; status?: OutboxStatus } = {},
): Promise<OutboxEntry[]> {
  let query = db
    .selectFrom("outbox")
    .select([
      "id",
      "kind",
      "toAddress",
      "subject",
      "text",
      "status",
      "attempts",
      "lastError",
      "createdAt",
      "sentAt",
      "nextAttemptAt",
    ])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(outboxPageSize)
    .offset((page - 1) * outboxPageSize);
  if (status) query = query.where("status", "=", status);
  return (await query.execute()).map((row) => ({
    ...row,
    text: withoutTokens(row.text),
    holdsLink: holdsToken(row.text),
    createdAt: Number(row.createdAt),
    nextAttemptAt: Number(row.nextAttemptAt),
    sentAt: row.sentAt === null ? null : Number(row.sentAt),
  }));
}

/** What waits to be sent: how many messages, and when the oldest was written (for the metrics). */
export async function waitingMessages(db: Db): Promise<WaitingMessages> {
  const row = await db
    .selectFrom("outbox")
    .where("status", "=", "pending")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("createdAt").as("oldest")])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldestCreatedAt: row.oldest === null ? null : Number(row.oldest) };
}

/** How many messages the outbox holds: the pages of the owners' listing. */
export async function countOutbox(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export const outboxMessages = {
  mailIsSent:
    "The site sends its mail, so a message's links are for the person it went to: no one else may read them.",
  noLink: "This message holds no link that still works.",
  noMessage: "There is no such message.",
};

export type LinkReading = { ok: true; text: string } | { ok: false; status: 403 | 404; message: string };

/**
 * An undelivered message with its links whole, for an owner to pass on when the site sends no
 * mail (no SMTP_URL): the outbox is then how a reset link reaches anyone. Each reading is in
 * the activity log with the owner and the message, in the transaction that reads it. When
 * the site sends mail, no one but the addressee may read a link.
 */
export async function readMessageLinks(
  db: Db,
  actor: Actor,
  id: string,
  { sendsMail }: { sendsMail: boolean },
): Promise<LinkReading> {
  if (sendsMail) return { ok: false, status: 403, message: outboxMessages.mailIsSent };
  return inTransaction(db, async (trx) => {
    const message = await trx
      .selectFrom("outbox")
      .select(["id", "kind", "toAddress", "text"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!message) return { ok: false, status: 404, message: outboxMessages.noMessage };
    if (!holdsToken(message.text)) return { ok: false, status: 404, message: outboxMessages.noLink };
    await recordActivity(
      trx,
      actor,
      "read a message's link",
      `${message.kind} to ${message.toAddress} (${message.id})`,
    );
    return { ok: true, text: message.text };
  });
}
