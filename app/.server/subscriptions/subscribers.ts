import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { href } from "react-router";
import { site } from "~/site/site.ts";
import { instantOfSydneyWallTime, sydneyWallTime } from "~/site/sydney-time.ts";
import type { Actor } from "../accounts/members.ts";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { SubscriberDeparturesTable, SubscriberStatus } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { admitTo, limits } from "../http/throttles.ts";
import { compose, priorities } from "../mail/message.ts";
import { enqueue } from "../mail/outbox.ts";
import { recordActivity } from "../site/activity.ts";
import { csvCell } from "../site/csv.ts";

const day = 24 * 60 * 60 * 1000;

/** A confirmation link works this long; an address never confirmed is deleted after it. */
export const confirmationLifetimeMs = 7 * day;
/** That someone left is kept this long (a count for the owners, no address), then removed. */
export const departuresKeptMs = 400 * day;
/** Permanent refusals (5xx) after which nothing more is sent to an address. */
export const refusalsBeforeStop = 3;

/**
 * Every request takes at least this long, whatever the address: writing a link and its
 * message must not tell a stranger which addresses are subscribed.
 */
const answerTimeMs = 400;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export type SubscribeResult = { ok: true } | { ok: false; status: 429; message: string };

/**
 * A subscription from a form: counted per requester first (the only refusal anyone sees);
 * then, unless the address has had its share of confirmation messages today, a new address
 * is kept pending and sent a confirmation link, and a pending one is sent a fresh link (the
 * old one ends). An address already subscribed is sent nothing. The answer is the same, in
 * the same time, for every address.
 */
export async function requestSubscription(
  db: Db,
  clientAddress: string,
  email: string,
  now = Date.now(),
): Promise<SubscribeResult> {
  const started = Date.now();
  const requester = await admitTo(db, [limits.subscriptionsPerAddress(clientAddress)], 1, now);
  if (!requester.allowed) {
    const minutes = Math.ceil(requester.waitSeconds / 60);
    return {
      ok: false,
      status: 429,
      message: `Too many subscriptions from your connection: 10 an hour at most. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }
  const inboxRoom = await admitTo(db, [limits.confirmationsPerEmail(email)], 1, now);
  if (inboxRoom.allowed) {
    try {
      await inTransaction(db, (trx) => sendConfirmation(trx, email, now));
    } catch (error) {
      // The same new address sent twice at once: the other request wrote its link.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  await sleep(Math.max(0, answerTimeMs - (Date.now() - started)));
  return { ok: true };
}

async function sendConfirmation(trx: Db, email: string, now: number): Promise<void> {
  const existing = await trx
    .selectFrom("subscribers")
    .select(["id", "status"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing && existing.status !== "pending") return;
  const token = randomBytes(32).toString("base64url");
  const link = { tokenHash: hashOf(token), tokenExpiresAt: now + confirmationLifetimeMs };
  if (existing) await trx.updateTable("subscribers").set(link).where("id", "=", existing.id).execute();
  else
    await trx
      .insertInto("subscribers")
      .values({ id: newId(), email, status: "pending", createdAt: now, ...link })
      .execute();
  await enqueue(
    trx,
    {
      kind: "subscription-confirm",
      to: email,
      priority: priorities.confirmation,
      subject: `Confirm your subscription to ${site.name}`,
      ...compose([
        {
          paragraph: `Someone, hopefully you, asked for new posts of the ${site.name} blog to be sent to this address.`,
        },
        {
          link: `${config().publicUrl}${href("/subscribe/confirm/:token", { token })}`,
          label: "Confirm my subscription",
        },
        { paragraph: "The link works once, for 7 days." },
        {
          paragraph:
            "If you did not ask for this, ignore this message: nothing will be sent, and the address is deleted after 7 days.",
        },
      ]),
    },
    now,
  );
}

const newId = () => randomBytes(12).toString("hex");

/** Whether a confirmation link still works, without using it (the page with the button). */
export async function confirmationWorks(db: Db, token: string, now = Date.now()): Promise<boolean> {
  if (!tokenShape.test(token)) return false;
  const row = await db
    .selectFrom("subscribers")
    .select("id")
    .where("tokenHash", "=", hashOf(token))
    .where("status", "=", "pending")
    .where("tokenExpiresAt", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Confirms the subscription a link is for, in one conditional statement: of any number of
 * requests with one link exactly one confirms. False when the link is unknown, used or expired.
 */
export async function confirmSubscription(db: Db, token: string, now = Date.now()): Promise<boolean> {
  if (!tokenShape.test(token)) return false;
  const result = await db
    .updateTable("subscribers")
    .set({ status: "confirmed", confirmedAt: now, tokenHash: null, tokenExpiresAt: null })
    .where("tokenHash", "=", hashOf(token))
    .where("status", "=", "pending")
    .where("tokenExpiresAt", ">", now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

const unsubscribeSignature = (id: string) =>
  createHmac("sha256", config().authSecret).update(`unsubscribe:${id}`).digest("base64url");

/**
 * The unsubscribe link of a subscriber: their id and our signature of it, so the link needs
 * nothing stored and no one can make one for another subscriber.
 */
export function unsubscribeLink(subscriberId: string): string {
  const token = `${subscriberId}.${unsubscribeSignature(subscriberId)}`;
  return `${config().publicUrl}${href("/unsubscribe/:token", { token })}`;
}

/** The subscriber an unsubscribe token names, when it carries our signature. */
export function subscriberOfToken(token: string): string | undefined {
  const [id, signed, extra] = token.split(".");
  if (!id || !signed || extra !== undefined || !/^[0-9a-f]{24}$/.test(id)) return undefined;
  const expected = Buffer.from(unsubscribeSignature(id));
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

/** Whether a subscriber is still there (the unsubscribe page's question). */
export async function isSubscribed(db: Db, subscriberId: string): Promise<boolean> {
  const row = await db
    .selectFrom("subscribers")
    .select("id")
    .where("id", "=", subscriberId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes a subscriber, address and all, with the messages still waiting for them; only
 * that someone left, and when, is kept (decision 033). False when they were already gone.
 */
export async function removeSubscriber(
  trx: Db,
  subscriberId: string,
  reason: SubscriberDeparturesTable["reason"],
  now = Date.now(),
): Promise<boolean> {
  const removed = await trx.deleteFrom("subscribers").where("id", "=", subscriberId).executeTakeFirst();
  if (removed.numDeletedRows !== 1n) return false;
  await trx
    .deleteFrom("outbox")
    .where("subscriberId", "=", subscriberId)
    .where("status", "=", "pending")
    .execute();
  await trx.insertInto("subscriberDepartures").values({ id: newId(), leftAt: now, reason }).execute();
  return true;
}

/** One-click or button unsubscribing: the link's subscriber is deleted. */
export function unsubscribe(db: Db, subscriberId: string, now = Date.now()): Promise<boolean> {
  return inTransaction(db, (trx) => removeSubscriber(trx, subscriberId, "unsubscribed", now));
}

/** A signed-in user's subscription, by their account's address. */
export async function subscriptionOf(db: Db, email: string): Promise<SubscriberStatus | undefined> {
  const row = await db
    .selectFrom("subscribers")
    .select("status")
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  return row?.status;
}

/**
 * A signed-in user subscribes their own address, confirmed at once: it is their account's.
 * A pending subscription of the address is confirmed; a stopped one (refused) stays stopped.
 */
export async function subscribeAccount(db: Db, email: string, now = Date.now()): Promise<void> {
  const address = email.toLowerCase();
  try {
    await inTransaction(db, async (trx) => {
      const updated = await trx
        .updateTable("subscribers")
        .set({ status: "confirmed", confirmedAt: now, tokenHash: null, tokenExpiresAt: null })
        .where("email", "=", address)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (updated.numUpdatedRows === 1n) return;
      const existing = await trx
        .selectFrom("subscribers")
        .select("id")
        .where("email", "=", address)
        .executeTakeFirst();
      if (existing) return;
      await trx
        .insertInto("subscribers")
        .values({ id: newId(), email: address, status: "confirmed", createdAt: now, confirmedAt: now })
        .execute();
    });
  } catch (error) {
    // Subscribed twice at once: the other request did it.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** A signed-in user stops their subscription. */
export async function unsubscribeAccount(db: Db, email: string, now = Date.now()): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("subscribers")
      .select("id")
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst();
    if (row) await removeSubscriber(trx, row.id, "unsubscribed", now);
  });
}

/**
 * A message the subscriber's server refused for good (5xx): counted; at the third, nothing
 * more is sent to the address and the messages waiting for it are dropped.
 */
export async function countRefusal(db: Db, subscriberId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable("subscribers")
      .set((eb) => ({ bounces: eb("bounces", "+", 1) }))
      .where("id", "=", subscriberId)
      .returning("bounces")
      .executeTakeFirst();
    if (!row || Number(row.bounces) < refusalsBeforeStop) return;
    await trx.updateTable("subscribers").set({ status: "stopped" }).where("id", "=", subscriberId).execute();
    await trx
      .deleteFrom("outbox")
      .where("subscriberId", "=", subscriberId)
      .where("status", "=", "pending")
      .execute();
  });
}

/**
 * Addresses never confirmed are deleted when their link ends; that someone left is forgotten
 * after `departuresKeptMs`. Run by the hourly sweep.
 */
export async function sweepSubscribers(db: Db, now = Date.now()): Promise<number> {
  const expired = await db
    .deleteFrom("subscribers")
    .where("status", "=", "pending")
    .where("tokenExpiresAt", "<", now)
    .executeTakeFirst();
  await db
    .deleteFrom("subscriberDepartures")
    .where("leftAt", "<", now - departuresKeptMs)
    .execute();
  return Number(expired.numDeletedRows);
}

export interface SubscriberCounts {
  confirmed: number;
  pending: number;
  stopped: number;
  leftThisMonth: number;
}

/** The first moment of this month in Sydney. */
export function startOfSydneyMonth(now: number): number {
  const month = sydneyWallTime(new Date(now)).slice(0, 7);
  return (instantOfSydneyWallTime(`${month}-01T00:00`) as Date).getTime();
}

/** The owners' figures: confirmed, pending, stopped, and how many left since the month began (Sydney). */
export async function subscriberCounts(db: Db, now = Date.now()): Promise<SubscriberCounts> {
  const rows = await db
    .selectFrom("subscribers")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const count = (status: SubscriberStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  const left = await db
    .selectFrom("subscriberDepartures")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("leftAt", ">=", startOfSydneyMonth(now))
    .executeTakeFirstOrThrow();
  return {
    confirmed: count("confirmed"),
    pending: count("pending"),
    stopped: count("stopped"),
    leftThisMonth: Number(left.count),
  };
}

export interface SubscriberEntry {
  id: string;
  email: string;
  status: SubscriberStatus;
  createdAt: number;
  confirmedAt: number | null;
  bounces: number;
}

export const subscribersPageSize = 50;

/** `%`, `_` and `\` in a search are the letters themselves, not patterns. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function subscribersMatching(db: Db, search: string) {
  const query = db.selectFrom("subscribers");
  const term = search.trim().toLowerCase();
  return term ? query.where(sql<boolean>`${sql.ref("email")} like ${likePattern(term)} escape '\\'`) : query;
}

/** Subscribers for owners, newest first, whose address contains `search`. */
export async function listSubscribers(
  db: Db,
  { search = "", page = 1 }: { search?: string; page?: number } = {},
): Promise<{ entries: SubscriberEntry[]; total: number }> {
  const matching = subscribersMatching(db, search);
  const [rows, total] = await Promise.all([
    matching
      .select(["id", "email", "status", "createdAt", "confirmedAt", "bounces"])
      .orderBy("createdAt", "desc")
      .orderBy("id")
      .limit(subscribersPageSize)
      .offset((page - 1) * subscribersPageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((row) => ({
      ...row,
      createdAt: Number(row.createdAt),
      confirmedAt: row.confirmedAt === null ? null : Number(row.confirmedAt),
      bounces: Number(row.bounces),
    })),
    total: Number(total.count),
  };
}

/** An owner removes a subscriber, logged with the address in one transaction. */
export async function ownerRemovesSubscriber(db: Db, actor: Actor, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("subscribers").select("email").where("id", "=", id).executeTakeFirst();
    if (!row || !(await removeSubscriber(trx, id, "removed"))) return false;
    await recordActivity(trx, actor, "removed subscriber", row.email);
    return true;
  });
}

/** Every subscriber as CSV for a spreadsheet: UTF-8 with a byte-order mark, formulas defused. */
export async function subscribersCsv(db: Db): Promise<string> {
  const rows = await db.selectFrom("subscribers").selectAll().orderBy("createdAt").orderBy("id").execute();
  const when = (millis: number | null) => (millis === null ? "" : new Date(Number(millis)).toISOString());
  const header = ["E-mail", "Status", "Subscribed (UTC)", "Confirmed (UTC)", "Refused messages"];
  const lines = rows.map((row) =>
    [row.email, row.status, when(row.createdAt), when(row.confirmedAt), String(row.bounces)]
      .map(csvCell)
      .join(","),
  );
  return `\uFEFF${[header.map(csvCell).join(","), ...lines].join("\r\n")}\r\n`;
}
