import { randomBytes } from "node:crypto";
import { plainText } from "~/posts/markdown.ts";
import { site } from "~/site/site.ts";
import { instantOfSydneyWallTime, sydneyWallTime } from "~/site/sydney-time.ts";
import { variantUrl, widthsFor } from "~/uploads/image-variants.ts";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { PostMailingState, SubscriptionMail } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { compose, type Message, type Part, priorities } from "../mail/message.ts";
import { enqueueAll } from "../mail/outbox.ts";
import { getPost, isPublic, listedPublicly, type Post } from "../posts/posts.ts";
import { inRounds, type Rounds } from "../rounds.ts";
import { unsubscribeLink } from "./subscribers.ts";

/** Subscribers whose messages are written in one transaction. */
export const batchSize = 500;
const pollMs = 2_000;
const dayMs = 24 * 60 * 60 * 1000;
/**
 * A post dated further back than this when it goes public is not news (the sample batch's
 * 2023 articles, a post shown again long after it was hidden unseen): recorded, not mailed.
 */
export const newsForMs = 7 * dayMs;

const newId = () => randomBytes(12).toString("hex");

async function subscriptionMail(db: Db): Promise<SubscriptionMail> {
  const row = await db
    .selectFrom("siteSettings")
    .select("subscriptionMail")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return row.subscriptionMail;
}

async function startMailing(
  trx: Db,
  kind: "post" | "digest",
  subject: string,
  now: number,
  digestWeek?: string,
) {
  const id = newId();
  await trx
    .insertInto("mailings")
    .values({ id, kind, subject, createdAt: now, nextSlotAt: now, digestWeek: digestWeek ?? null })
    .execute();
  return id;
}

/**
 * Records each post that has gone public since it was last looked (published, its scheduled
 * moment passed, approved, or shown again), once: a post already recorded is never mailed
 * again, and one dated more than `newsForMs` back is recorded without being mailed. With `Each new post` a mailing starts for it; with `Weekly digest` it waits for
 * Monday's; with `Off` it is recorded as not mailed. Several instances may look at once: the
 * record's key decides which one mails it. Returns how many posts were recorded.
 */
export async function noticePublicPosts(db: Db, now = Date.now()): Promise<number> {
  const setting = await subscriptionMail(db);
  const fresh = await db
    .selectFrom("posts")
    .select(["slug", "title", "publishedOn"])
    .where(listedPublicly)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("postMailings").select("slug").whereRef("postMailings.slug", "=", "posts.slug"),
        ),
      ),
    )
    .orderBy("publishedOn")
    .execute();
  let recorded = 0;
  for (const post of fresh) {
    const state: PostMailingState =
      Number(post.publishedOn) < now - newsForMs
        ? "earlier"
        : setting === "each"
          ? "mailed"
          : setting === "digest"
            ? "digest"
            : "not mailed";
    const first = await inTransaction(db, async (trx) => {
      const inserted = await trx
        .insertInto("postMailings")
        .values({ slug: post.slug, state, mailingId: null, at: now })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      // Another instance recorded it first.
      if (inserted.numInsertedOrUpdatedRows !== 1n) return false;
      if (state === "mailed") {
        const mailingId = await startMailing(trx, "post", post.title, now);
        await trx.updateTable("postMailings").set({ mailingId }).where("slug", "=", post.slug).execute();
      }
      return true;
    });
    if (first) recorded++;
  }
  // Posts left waiting for a digest when the owners chose otherwise since.
  if (setting !== "digest") await settleDigestPosts(db, setting, now);
  return recorded;
}

async function settleDigestPosts(db: Db, setting: "each" | "off", now: number): Promise<void> {
  const waiting = await db.selectFrom("postMailings").select("slug").where("state", "=", "digest").execute();
  for (const { slug } of waiting) {
    const post = await getPost(db, slug);
    await inTransaction(db, async (trx) => {
      const mailingId = setting === "each" && post ? await startMailing(trx, "post", post.title, now) : null;
      const settled = await trx
        .updateTable("postMailings")
        .set({ state: mailingId ? "mailed" : "not mailed", mailingId })
        .where("slug", "=", slug)
        .where("state", "=", "digest")
        .executeTakeFirst();
      // Another instance settled it first: this mailing is not needed.
      if (settled.numUpdatedRows !== 1n) throw new SettledElsewhere();
    }).catch((error: unknown) => {
      if (!(error instanceof SettledElsewhere)) throw error;
    });
  }
}

class SettledElsewhere extends Error {}

/** The week's digest moment at or before `now`: Monday 8 am in Sydney, and that Monday's date. */
export function digestMoment(now: number): { week: string; at: number } {
  const today = sydneyWallTime(new Date(now)).slice(0, 10);
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const mondayUtc = Date.UTC(year, month - 1, day) - ((weekday + 6) % 7) * dayMs;
  for (const monday of [mondayUtc, mondayUtc - 7 * dayMs]) {
    const week = new Date(monday).toISOString().slice(0, 10);
    const at = (instantOfSydneyWallTime(`${week}T08:00`) as Date).getTime();
    if (at <= now) return { week, at };
  }
  throw new Error("unreachable: last week's Monday is always past");
}

/**
 * With `Weekly digest`, once Monday 8 am (Sydney) has come: one mailing with every post that
 * went public before it and waits for a digest. Nothing when no post waits. One a week
 * whichever instance writes it (the week is unique). True when a digest was started.
 */
export async function startDigest(db: Db, now = Date.now()): Promise<boolean> {
  if ((await subscriptionMail(db)) !== "digest") return false;
  const { week, at } = digestMoment(now);
  const waiting = await db
    .selectFrom("postMailings")
    .select("slug")
    .where("state", "=", "digest")
    .where("at", "<=", at)
    .execute();
  if (waiting.length === 0) return false;
  try {
    await inTransaction(db, async (trx) => {
      const subject = `New on the ${site.name} blog this week`;
      const mailingId = await startMailing(trx, "digest", subject, now, week);
      await trx
        .updateTable("postMailings")
        .set({ state: "mailed", mailingId })
        .where("state", "=", "digest")
        .where("at", "<=", at)
        .execute();
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** A post's part of a message: its title, cover (described), excerpt and a link to read it. */
function postParts(post: Post, withCover: boolean): Part[] {
  const { publicUrl } = config();
  const parts: Part[] = [{ heading: post.title }];
  if (withCover && post.cover) {
    const width =
      widthsFor(post.cover.width)
        .filter((w) => w <= 800)
        .at(-1) ?? post.cover.width;
    parts.push({
      image: `${publicUrl}${variantUrl(post.cover.id, width, post.cover.fallback)}`,
      alt: post.coverAlt,
      width,
      height: Math.round((post.cover.height * width) / post.cover.width),
    });
  }
  parts.push({ paragraph: plainText(post.content, 300) });
  parts.push({ link: `${publicUrl}/blog/${post.slug}`, label: `Read "${post.title}"` });
  return parts;
}

/** One subscriber's message of a mailing: the posts, then how to leave, in the text and headers. */
export function subscriberMessage(
  mailing: { id: string; kind: "post" | "digest"; subject: string },
  posts: Post[],
  subscriber: { id: string; email: string },
  nextAttemptAt: number,
): Message {
  const leave = unsubscribeLink(subscriber.id);
  const intro: Part[] =
    mailing.kind === "digest"
      ? [
          {
            paragraph: `This week on the ${site.name} blog: ${posts.length} new post${posts.length === 1 ? "" : "s"}.`,
          },
        ]
      : [];
  return {
    kind: mailing.kind === "digest" ? "subscription-digest" : "subscription-post",
    to: subscriber.email,
    subject: mailing.kind === "digest" ? mailing.subject : `${mailing.subject} — ${site.name}`,
    priority: priorities.bulk,
    mailingId: mailing.id,
    subscriberId: subscriber.id,
    nextAttemptAt,
    headers: { "List-Unsubscribe": `<${leave}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    ...compose([
      ...intro,
      ...posts.flatMap((post) => postParts(post, mailing.kind === "post")),
      {
        paragraph: `You receive this because you subscribed to new posts of the ${site.name} blog.`,
      },
      { link: leave, label: "Unsubscribe" },
    ]),
  };
}

/**
 * Writes the messages of the oldest unfinished mailing's next batch of subscribers (by id,
 * confirmed before the mailing began), each due at the mailing's pace. The batch is claimed
 * by moving the mailing's cursor in the same transaction, so no subscriber's message is
 * written twice, whichever instances run this at once. A mailing whose posts are no longer
 * public (hidden, deleted) ends. Returns how many messages were written (0: none to write).
 */
export async function writeNextBatch(
  db: Db,
  { perMinute = config().mail.subscriberMailPerMinute, size = batchSize } = {},
  now = Date.now(),
): Promise<number> {
  const mailing = await db
    .selectFrom("mailings")
    .selectAll()
    .where("finishedAt", "is", null)
    .orderBy("createdAt")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!mailing) return 0;
  const slugs = await db
    .selectFrom("postMailings")
    .innerJoin("posts", "posts.slug", "postMailings.slug")
    .select("postMailings.slug")
    .where("mailingId", "=", mailing.id)
    .orderBy("posts.publishedOn")
    .execute();
  const posts = (await Promise.all(slugs.map(({ slug }) => getPost(db, slug)))).filter(
    (post): post is Post => post !== undefined && isPublic(post, new Date(now)),
  );
  const spacingMs = 60_000 / perMinute;
  return inTransaction(db, async (trx) => {
    let subscribers = trx
      .selectFrom("subscribers")
      .select(["id", "email"])
      .where("status", "=", "confirmed")
      .where("confirmedAt", "<=", Number(mailing.createdAt))
      .orderBy("id")
      .limit(size);
    if (mailing.cursor !== null) subscribers = subscribers.where("id", ">", mailing.cursor);
    const batch = posts.length === 0 ? [] : await subscribers.execute();
    const firstSlot = Math.max(now, Number(mailing.nextSlotAt));
    const last = batch.at(-1);
    const claimed = await trx
      .updateTable("mailings")
      .set(last ? { cursor: last.id, nextSlotAt: firstSlot + batch.length * spacingMs } : { finishedAt: now })
      .where("id", "=", mailing.id)
      .where("finishedAt", "is", null)
      .where("cursor", mailing.cursor === null ? "is" : "=", mailing.cursor)
      .executeTakeFirst();
    // Another instance wrote this batch first.
    if (claimed.numUpdatedRows !== 1n || !last) return 0;
    await enqueueAll(
      trx,
      batch.map((subscriber, i) =>
        subscriberMessage(mailing, posts, subscriber, Math.round(firstSlot + i * spacingMs)),
      ),
      now,
    );
    return batch.length;
  });
}

/** One round: new public posts, the digest when due, then every batch there is to write. */
export async function mailRound(db: Db, now = Date.now()): Promise<void> {
  await noticePublicPosts(db, now);
  await startDigest(db, now);
  while ((await writeNextBatch(db, undefined, now)) > 0) {
    // Until every mailing's messages are written; the sender paces their delivery.
  }
}

export interface PostMailingHistory {
  mailingId: string;
  kind: "post" | "digest";
  subject: string;
  createdAt: number;
  finished: boolean;
  posts: { slug: string; title: string }[];
  queued: number;
  sent: number;
  failed: number;
}

/** The owners' history of mailings, newest first: for each, its posts and its messages by status. */
export async function mailingHistory(db: Db, limit = 20): Promise<PostMailingHistory[]> {
  const mailings = await db
    .selectFrom("mailings")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  if (mailings.length === 0) return [];
  const ids = mailings.map(({ id }) => id);
  const [posts, counts] = await Promise.all([
    db
      .selectFrom("postMailings")
      .innerJoin("posts", "posts.slug", "postMailings.slug")
      .select(["postMailings.mailingId", "posts.slug", "posts.title"])
      .where("postMailings.mailingId", "in", ids)
      .execute(),
    db
      .selectFrom("outbox")
      .select((eb) => ["mailingId", "status", eb.fn.countAll<number>().as("count")])
      .where("mailingId", "in", ids)
      .groupBy(["mailingId", "status"])
      .execute(),
  ]);
  const count = (id: string, status: string) =>
    Number(counts.find((row) => row.mailingId === id && row.status === status)?.count ?? 0);
  return mailings.map((mailing) => ({
    mailingId: mailing.id,
    kind: mailing.kind,
    subject: mailing.subject,
    createdAt: Number(mailing.createdAt),
    finished: mailing.finishedAt !== null,
    posts: posts.filter((post) => post.mailingId === mailing.id).map(({ slug, title }) => ({ slug, title })),
    queued: count(mailing.id, "pending"),
    sent: count(mailing.id, "sent"),
    failed: count(mailing.id, "failed"),
  }));
}

let worker: Rounds | undefined;

/** Runs in every instance's first thread, beside the sender: a round every couple of seconds. */
export function startMailings(db: Db): void {
  worker = inRounds(() => mailRound(db), pollMs, "subscribers' mail failed; trying again shortly");
}

/** Stops, and waits for a round in progress to finish. */
export async function stopMailings(): Promise<void> {
  await worker?.stop();
}
