import { randomBytes } from "node:crypto";
import type { Db } from "../db/database.ts";
import type { OutboxStatus } from "../db/schema.ts";
import type { WaitingMessages } from "../metrics.ts";
import { headerSafeAddress, headerSafeText, type Message } from "./message.ts";

/**
 * Writes a message to the outbox. Call it with the transaction of what causes the message
 * (an enquiry, a reset link): both are kept, or neither. The sender delivers it afterwards.
 * Addresses and the subject are made header-safe here, whatever the caller passed.
 */
export async function enqueue(trx: Db, message: Message, now = Date.now()): Promise<string> {
  const to = headerSafeAddress(message.to);
  if (!to) throw new Error(`outbox: "${message.kind}" has no valid recipient`);
  const id = randomBytes(12).toString("hex");
  await trx
    .insertInto("outbox")
    .values({
      id,
      kind: message.kind,
      toAddress: to,
      replyTo: headerSafeAddress(message.replyTo) ?? null,
      subject: headerSafeText(message.subject),
      text: message.text,
      html: message.html,
      nextAttemptAt: now,
      createdAt: now,
    })
    .execute();
  return id;
}

export interface OutboxEntry {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  /** The plain-text body, links included: how an owner completes a reset when nothing is sent. */
  text: string;
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
