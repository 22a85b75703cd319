import type { Db } from "../db/database.ts";
import { sweepSubscribers } from "../subscriptions/subscribers.ts";

const day = 24 * 60 * 60 * 1000;
/** Sent messages are kept a month (owners can see what went out), failed ones three. */
export const sentKeptMs = 30 * day;
export const failedKeptMs = 90 * day;

export interface RetentionCounts {
  enquiries: number;
  messages: number;
  links: number;
  /** Addresses whose subscription was never confirmed within its link's week. */
  unconfirmed: number;
}

/**
 * Removes what the site no longer needs to keep: enquiries older than ENQUIRY_RETENTION_DAYS,
 * delivered and failed messages after their periods, e-mailed links that have expired, and
 * subscriptions never confirmed (subscriptions/subscribers.ts).
 * Messages still waiting to be sent are never removed.
 */
export async function applyRetention(
  db: Db,
  enquiryRetentionMs: number,
  now = Date.now(),
): Promise<RetentionCounts> {
  const enquiries = await db
    .deleteFrom("enquiries")
    .where("createdAt", "<", now - enquiryRetentionMs)
    .executeTakeFirst();
  const sent = await db
    .deleteFrom("outbox")
    .where("status", "=", "sent")
    .where("createdAt", "<", now - sentKeptMs)
    .executeTakeFirst();
  const failed = await db
    .deleteFrom("outbox")
    .where("status", "=", "failed")
    .where("createdAt", "<", now - failedKeptMs)
    .executeTakeFirst();
  const links = await db.deleteFrom("emailTokens").where("expiresAt", "<", now).executeTakeFirst();
  return {
    enquiries: Number(enquiries.numDeletedRows),
    messages: Number(sent.numDeletedRows) + Number(failed.numDeletedRows),
    links: Number(links.numDeletedRows),
    unconfirmed: await sweepSubscribers(db, now),
  };
}
