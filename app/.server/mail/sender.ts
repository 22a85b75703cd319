import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Transporter } from "nodemailer";
import { withoutTokens } from "../accounts/links.ts";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { log } from "../log.ts";
import { inRounds, type Rounds } from "../rounds.ts";
import { countRefusal } from "../subscriptions/subscribers.ts";
import { linksIn } from "./message.ts";

const minute = 60_000;
/** A claimed message is the claimer's for this long; a sender that died loses it after. */
export const leaseMs = 2 * minute;
/** Messages are retried for this long after they were written (over a day), then marked failed. */
export const retryForMs = 48 * 60 * minute;
const pollMs = 2_000;

/** Waits between attempts: 1, 2, 4… minutes, at most an hour, give or take a tenth. */
export function backoffMs(attempts: number, random = Math.random()): number {
  const base = Math.min(minute * 2 ** Math.max(0, attempts - 1), 60 * minute);
  return Math.round(base * (0.9 + 0.2 * random));
}

/** Sends one message; throws when the server did not take it. */
export type Deliver = (message: {
  toAddress: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  headers: string | null;
}) => Promise<void>;

const claimable = (now: number) =>
  sql<boolean>`(${sql.ref("leaseExpiresAt")} is null or ${sql.ref("leaseExpiresAt")} <= ${now})`;

/**
 * Claims the next due message for `holder`: a conditional update, so of senders racing for
 * it (on any instance) exactly one gets it; one whose lease ran out (its sender died) is due
 * again. Undefined when nothing is due.
 */
export async function claimNext(db: Db, holder: string, now = Date.now()) {
  for (;;) {
    const candidate = await db
      .selectFrom("outbox")
      .select("id")
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", now)
      .where(claimable(now))
      .orderBy("priority")
      .orderBy("nextAttemptAt")
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    const claimed = await db
      .updateTable("outbox")
      .set({ leaseHolder: holder, leaseExpiresAt: now + leaseMs })
      .where("id", "=", candidate.id)
      .where("status", "=", "pending")
      .where(claimable(now))
      .returning([
        "id",
        "toAddress",
        "replyTo",
        "subject",
        "text",
        "html",
        "headers",
        "attempts",
        "createdAt",
        "subscriberId",
      ])
      .executeTakeFirst();
    if (claimed) return claimed;
    // Another sender took it between the two statements: look for the next one.
  }
}

/**
 * Sends what is due, one message at a time, until nothing is; returns how many were sent.
 * A failure is recorded (attempts, last error) and retried after a back-off; a message still
 * unsent `retryForMs` after it was written is marked failed.
 */
export async function sendDue(
  db: Db,
  deliver: Deliver,
  holder: string,
  clock = () => Date.now(),
): Promise<number> {
  let sent = 0;
  for (;;) {
    const message = await claimNext(db, holder, clock());
    if (!message) return sent;
    const ours = db.updateTable("outbox").where("id", "=", message.id).where("leaseHolder", "=", holder);
    try {
      await deliver(message);
      // Delivered: the stored copy keeps no token, so no one reading the outbox can use its links.
      await ours
        .set({
          status: "sent",
          text: withoutTokens(message.text),
          html: withoutTokens(message.html),
          sentAt: clock(),
          attempts: message.attempts + 1,
          leaseHolder: null,
          leaseExpiresAt: null,
        })
        .execute();
      sent++;
    } catch (error) {
      const now = clock();
      const attempts = message.attempts + 1;
      // A subscriber's server that refuses for good (5xx) is not asked again for this message.
      const refused = message.subscriberId !== null && refusedForGood(error);
      const giveUp = refused || now - Number(message.createdAt) >= retryForMs;
      await ours
        .set({
          status: giveUp ? "failed" : "pending",
          ...(giveUp && { text: withoutTokens(message.text), html: withoutTokens(message.html) }),
          attempts,
          lastError: describe(error).slice(0, 500),
          nextAttemptAt: now + backoffMs(attempts),
          leaseHolder: null,
          leaseExpiresAt: null,
        })
        .execute();
      if (refused) await countRefusal(db, message.subscriberId as string);
      log().warn(
        { outboxId: message.id, attempts, err: describe(error) },
        giveUp ? "mail failed for good" : "mail not sent; will retry",
      );
    }
  }
}

/** Whether the SMTP server refused the message permanently (a 5xx reply), not for now. */
export function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Delivery through SMTP_URL (nodemailer; smtp:// upgrades with STARTTLS when the server offers it). */
async function smtpDelivery(smtpUrl: string, from: string): Promise<Deliver> {
  const { createTransport } = await import("nodemailer");
  const transport: Transporter = createTransport(smtpUrl, {
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return async ({ toAddress, replyTo, subject, text, html, headers }) => {
    await transport.sendMail({
      from,
      to: toAddress,
      replyTo: replyTo ?? undefined,
      subject,
      text,
      html,
      headers: headers ? (JSON.parse(headers) as Record<string, string>) : undefined,
      // Header values were made safe when the message was written; this refuses anything else.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  };
}

/** Without SMTP_URL nothing is sent; in development the log shows each new message's links. */
async function logNewMessages(db: Db, since: { createdAt: number; ids: Set<string> }): Promise<void> {
  const fresh = await db
    .selectFrom("outbox")
    .select(["id", "kind", "toAddress", "subject", "text", "createdAt"])
    .where("createdAt", ">=", since.createdAt)
    .orderBy("createdAt")
    .execute();
  for (const message of fresh) {
    if (since.ids.has(message.id)) continue;
    since.ids.add(message.id);
    since.createdAt = Math.max(since.createdAt, Number(message.createdAt));
    log().info(
      { to: message.toAddress, kind: message.kind, links: linksIn(message.text) },
      `mail not sent (no SMTP_URL): ${message.subject}`,
    );
  }
}

let sender: Rounds | undefined;

/**
 * Runs in every instance's first thread: every couple of seconds, sends what is due. Senders
 * of several instances share the work through the leases. Without SMTP_URL, messages stay in
 * the outbox (development prints their links).
 */
export function startSending(db: Db): void {
  const { mail, production } = config();
  const holder = randomBytes(12).toString("hex");
  const seen = { createdAt: Date.now(), ids: new Set<string>() };
  const delivery = mail.smtpUrl ? smtpDelivery(mail.smtpUrl, mail.from) : undefined;
  if (!mail.smtpUrl) log().info("SMTP_URL is not set: messages stay in the outbox, unsent");
  const round = async () => {
    if (delivery) await sendDue(db, await delivery, holder);
    else if (!production) await logNewMessages(db, seen);
  };
  sender = inRounds(round, pollMs, "the mail sender failed; trying again shortly");
}

/** Stops the sender and waits for a message being sent to finish. */
export async function stopSending(): Promise<void> {
  await sender?.stop();
}
