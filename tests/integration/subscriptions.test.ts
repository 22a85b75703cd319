import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listOutbox } from "~/.server/mail/outbox.ts";
import { applyRetention } from "~/.server/mail/retention.ts";
import { claimNext, sendDue } from "~/.server/mail/sender.ts";
import { createPost, setHidden } from "~/.server/posts/posts.ts";
import {
  digestMoment,
  mailingHistory,
  mailRound,
  noticePublicPosts,
  startDigest,
  writeNextBatch,
} from "~/.server/subscriptions/mailings.ts";
import {
  confirmationLifetimeMs,
  confirmSubscription,
  listSubscribers,
  ownerRemovesSubscriber,
  requestSubscription,
  subscribeAccount,
  subscriberCounts,
  subscribersCsv,
  unsubscribe,
} from "~/.server/subscriptions/subscribers.ts";
import { cover, dialects, storeCover, type TestDatabase } from "../support/databases.ts";

const owner = { id: "owner-1", email: "owner@example.com" };
const day = 24 * 60 * 60 * 1000;

/** The token of the newest confirmation message to `email`, read from the outbox as the inbox would get it. */
async function confirmationToken(t: TestDatabase, email: string): Promise<string> {
  const row = await t.db
    .selectFrom("outbox")
    .select("text")
    .where("toAddress", "=", email)
    .where("kind", "=", "subscription-confirm")
    .orderBy("createdAt", "desc")
    .executeTakeFirstOrThrow();
  return row.text.match(/\/subscribe\/confirm\/([A-Za-z0-9_-]{43})/)?.[1] as string;
}

describe.each(dialects)("subscriptions on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
    await storeCover(t.db, cover);
  });
  afterEach(async () => {
    await t.close();
  });

  async function confirmed(email: string): Promise<string> {
    await requestSubscription(t.db, "203.0.113.9", email);
    expect(await confirmSubscription(t.db, await confirmationToken(t, email))).toBe(true);
    const row = await t.db
      .selectFrom("subscribers")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const publishPost = (title: string) =>
    createPost(
      t.db,
      { title, content: `About ${title}.`, coverImageId: cover.id, coverAlt: "A shopfront" },
      null,
    );

  const postMessages = () =>
    t.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "in", ["subscription-post", "subscription-digest"])
      .execute();

  it("keeps a new address pending with only its link's hash, and says the same for every address", async () => {
    const answers = [];
    for (const email of ["new@example.com", "new@example.com", "other@example.com"]) {
      const started = performance.now();
      answers.push(await requestSubscription(t.db, "203.0.113.9", email));
      expect(performance.now() - started).toBeGreaterThanOrEqual(399);
    }
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const row = await t.db
      .selectFrom("subscribers")
      .selectAll()
      .where("email", "=", "new@example.com")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    const token = await confirmationToken(t, "new@example.com");
    // The second request's link replaced the first; only its hash is kept.
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    const message = (await listOutbox(t.db)).find((m) => m.toAddress === "new@example.com");
    expect(message?.subject).toBe("Confirm your subscription to Woollahra Moncur");
    const priorities = await t.db.selectFrom("outbox").select("priority").distinct().execute();
    expect(priorities.map(({ priority }) => Number(priority))).toEqual([1]);
  });

  it("refuses the 11th subscription in an hour from one requester, and sends one address 3 links a day, answering the same", async () => {
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        requestSubscription(t.db, "198.51.100.7", `burst${i}@example.com`),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(10);
    expect(answers.find((answer) => !answer.ok)).toEqual({
      ok: false,
      status: 429,
      message: "Too many subscriptions from your connection: 10 an hour at most. Try again in 60 minutes.",
    });
    const again = [];
    for (let i = 0; i < 4; i++)
      again.push(await requestSubscription(t.db, `192.0.2.${i}`, "target@example.com"));
    expect(again).toEqual(Array(4).fill({ ok: true }));
    const links = await t.db
      .selectFrom("outbox")
      .select("id")
      .where("toAddress", "=", "target@example.com")
      .execute();
    expect(links).toHaveLength(3);
  });

  it("sends nothing to an address already subscribed, and confirms a link once", async () => {
    await confirmed("reader@example.com");
    await requestSubscription(t.db, "203.0.113.9", "reader@example.com");
    const messages = await t.db
      .selectFrom("outbox")
      .select("id")
      .where("toAddress", "=", "reader@example.com")
      .execute();
    expect(messages).toHaveLength(1);
    expect(await confirmSubscription(t.db, "x".repeat(43))).toBe(false);
  });

  it("confirms exactly once among 30 parallel uses of one link", async () => {
    await requestSubscription(t.db, "203.0.113.9", "burst@example.com");
    const token = await confirmationToken(t, "burst@example.com");
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => confirmSubscription(t.db, token)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it("refuses a link after its 7 days, and the sweep deletes the address never confirmed", async () => {
    const then = Date.now() - confirmationLifetimeMs - 1000;
    await requestSubscription(t.db, "203.0.113.9", "late@example.com", then);
    const token = await confirmationToken(t, "late@example.com");
    expect(await confirmSubscription(t.db, token)).toBe(false);
    expect((await applyRetention(t.db, 730 * day)).unconfirmed).toBe(1);
    expect(await t.db.selectFrom("subscribers").select("id").execute()).toEqual([]);
  });

  it("mails a post that goes public once to every confirmed subscriber, never again when hidden and shown", async () => {
    const ids = [await confirmed("a@example.com"), await confirmed("b@example.com")];
    await requestSubscription(t.db, "203.0.113.9", "pending@example.com");
    const slug = await publishPost("Jacarandas on Moncur Street");
    await mailRound(t.db);
    const first = await postMessages();
    expect(first.map((m) => m.toAddress).sort()).toEqual(["a@example.com", "b@example.com"]);
    for (const message of first) {
      expect(Number(message.priority)).toBe(2);
      expect(message.subject).toBe("Jacarandas on Moncur Street — Woollahra Moncur");
      const headers = JSON.parse(message.headers as string);
      expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(headers["List-Unsubscribe"]).toMatch(
        /^<http:\/\/localhost:3000\/unsubscribe\/[0-9a-f]{24}\.[\w-]+>$/,
      );
      expect(ids).toContain(message.subscriberId);
      expect(message.text).toContain(`/blog/${slug}`);
      expect(message.text).toContain("About Jacarandas on Moncur Street.");
      expect(message.html).toContain('alt="A shopfront"');
      expect(message.html).toContain("/images/cover-a/800.jpg");
      expect(message.html).toContain(">Unsubscribe</a>");
    }
    await setHidden(t.db, slug, true);
    await mailRound(t.db);
    await setHidden(t.db, slug, false);
    await mailRound(t.db);
    expect(await postMessages()).toHaveLength(2);
    const [history] = await mailingHistory(t.db);
    expect(history).toMatchObject({ kind: "post", queued: 2, sent: 0, failed: 0, finished: true });
    expect(history?.posts).toEqual([{ slug, title: "Jacarandas on Moncur Street" }]);
  });

  it("records a post only once when instances look at the same moment, and writes each subscriber's message once", async () => {
    for (let i = 0; i < 7; i++) await confirmed(`many${i}@example.com`);
    await publishPost("Autumn leaves");
    expect(
      (await Promise.all([noticePublicPosts(t.db), noticePublicPosts(t.db)])).reduce((a, b) => a + b),
    ).toBe(1);
    const written = await Promise.all(
      Array.from({ length: 6 }, () => writeNextBatch(t.db, { perMinute: 600, size: 2 })),
    );
    while ((await writeNextBatch(t.db, { perMinute: 600, size: 2 })) > 0) {}
    expect(written.reduce((a, b) => a + b)).toBeLessThanOrEqual(7);
    const messages = await postMessages();
    expect(messages.map((m) => m.toAddress).sort()).toEqual(
      Array.from({ length: 7 }, (_, i) => `many${i}@example.com`).sort(),
    );
    // Paced at 600 a minute: one every 100 ms.
    const due = messages.map((m) => Number(m.nextAttemptAt)).sort((a, b) => a - b);
    expect((due.at(-1) as number) - (due[0] as number)).toBeGreaterThanOrEqual(600);
  });

  it("sends account mail before any subscriber's, whatever was written first", async () => {
    await confirmed("c@example.com");
    await publishPost("Street party");
    await mailRound(t.db);
    await t.db.updateTable("outbox").set({ nextAttemptAt: 0 }).execute();
    const { enqueue } = await import("~/.server/mail/outbox.ts");
    await enqueue(t.db, {
      kind: "password-reset",
      to: "someone@example.com",
      subject: "Reset",
      text: "t",
      html: "h",
    });
    const first = await claimNext(t.db, "sender");
    expect(first?.toAddress).toBe("someone@example.com");
  });

  it("records posts for the Monday digest, which goes once, only with something in it", async () => {
    await confirmed("d@example.com");
    await t.db.updateTable("siteSettings").set({ subscriptionMail: "digest" }).execute();
    const monday = digestMoment(Date.now());
    expect(await startDigest(t.db, monday.at + 1000)).toBe(false);
    await publishPost("First of the week");
    await publishPost("Second of the week");
    await noticePublicPosts(t.db);
    expect(await postMessages()).toEqual([]);
    // Before next Monday 8 am nothing goes; at it, one digest with both posts.
    const nextMonday = monday.at + 7 * day;
    expect(await startDigest(t.db, nextMonday - 60_000)).toBe(false);
    expect(await startDigest(t.db, nextMonday)).toBe(true);
    expect(await startDigest(t.db, nextMonday + 60_000)).toBe(false);
    while ((await writeNextBatch(t.db, undefined, nextMonday)) > 0) {}
    const messages = await postMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toBe("New on the Woollahra Moncur blog this week");
    expect(messages[0]?.text).toContain("First of the week");
    expect(messages[0]?.text).toContain("Second of the week");
    expect(messages[0]?.text).toContain("2 new posts");
  });

  it("finds Monday 8 am in Sydney, summer time or not", () => {
    // Wednesday 2 December 2026, noon in Sydney (UTC+11).
    expect(digestMoment(Date.UTC(2026, 11, 2, 1, 0))).toEqual({
      week: "2026-11-30",
      at: Date.UTC(2026, 10, 29, 21, 0),
    });
    // Monday 7:59 am Sydney in winter (UTC+10): still last week's.
    expect(digestMoment(Date.UTC(2026, 5, 14, 21, 59)).week).toBe("2026-06-08");
    expect(digestMoment(Date.UTC(2026, 5, 14, 22, 0)).week).toBe("2026-06-15");
  });

  it("does not mail a post dated more than a week back when it goes public (the sample batch's)", async () => {
    await confirmed("f@example.com");
    const old = new Date(Date.now() - 8 * day);
    await createPost(t.db, { title: "From 2023", content: "Old news.", coverImageId: cover.id }, null, {
      now: old,
    });
    await mailRound(t.db);
    expect(await postMessages()).toEqual([]);
    const recorded = await t.db.selectFrom("postMailings").select("state").executeTakeFirst();
    expect(recorded?.state).toBe("earlier");
  });

  it("with Off, records the post as not mailed, and never mails it later", async () => {
    await confirmed("e@example.com");
    await t.db.updateTable("siteSettings").set({ subscriptionMail: "off" }).execute();
    await publishPost("Quiet week");
    await mailRound(t.db);
    await t.db.updateTable("siteSettings").set({ subscriptionMail: "each" }).execute();
    await mailRound(t.db);
    expect(await postMessages()).toEqual([]);
  });

  it("deletes an unsubscribed address with its waiting messages, counting only that someone left", async () => {
    const id = await confirmed("leaving@example.com");
    await publishPost("Farewell");
    await mailRound(t.db);
    expect(await postMessages()).toHaveLength(1);
    expect(await unsubscribe(t.db, id)).toBe(true);
    expect(await unsubscribe(t.db, id)).toBe(false);
    expect(await postMessages()).toEqual([]);
    expect(await t.db.selectFrom("subscribers").select("id").execute()).toEqual([]);
    const departures = await t.db.selectFrom("subscriberDepartures").selectAll().execute();
    expect(JSON.stringify(departures)).not.toContain("leaving");
    expect(await subscriberCounts(t.db)).toEqual({ confirmed: 0, pending: 0, stopped: 0, leftThisMonth: 1 });
  });

  it("stops sending to an address after its server refused three messages for good; a refusal for now is retried", async () => {
    const id = await confirmed("bounce@example.com");
    const refuse = (responseCode: number) => async () => {
      throw Object.assign(new Error(`${responseCode} refused`), { responseCode });
    };
    await publishPost("Zero");
    await mailRound(t.db);
    await t.db.updateTable("outbox").set({ nextAttemptAt: 0 }).execute();
    await sendDue(t.db, refuse(451), "sender");
    expect((await postMessages()).map((m) => m.status)).toEqual(["pending"]);
    await t.db.deleteFrom("outbox").execute();
    for (const title of ["One", "Two", "Three", "Four"]) {
      await publishPost(title);
      await mailRound(t.db);
      await t.db.updateTable("outbox").set({ nextAttemptAt: 0 }).execute();
      await sendDue(t.db, refuse(550), "sender");
    }
    const row = await t.db
      .selectFrom("subscribers")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "stopped", bounces: 3 });
    // The fourth post found the address stopped: nothing was written for it.
    expect((await postMessages()).map((m) => m.status)).toEqual(["failed", "failed", "failed"]);
  });

  it("subscribes a signed-in user's address at once, confirming a pending one", async () => {
    await requestSubscription(t.db, "203.0.113.9", "member@example.com");
    await subscribeAccount(t.db, "Member@example.com");
    await subscribeAccount(t.db, "new-member@example.com");
    const rows = await t.db
      .selectFrom("subscribers")
      .select(["email", "status", "tokenHash"])
      .orderBy("email")
      .execute();
    expect(rows).toEqual([
      { email: "member@example.com", status: "confirmed", tokenHash: null },
      { email: "new-member@example.com", status: "confirmed", tokenHash: null },
    ]);
  });

  it("lists, searches (a % is a letter), removes with a log entry, and exports with a BOM and defused formulas", async () => {
    await subscribeAccount(t.db, "=cmd@example.com");
    await subscribeAccount(t.db, "100%real@example.com");
    await subscribeAccount(t.db, "plain@example.com");
    expect((await listSubscribers(t.db, { search: "%" })).entries.map((e) => e.email)).toEqual([
      "100%real@example.com",
    ]);
    expect((await listSubscribers(t.db, { search: "PLAIN" })).total).toBe(1);
    expect((await listSubscribers(t.db)).total).toBe(3);
    const csv = await subscribersCsv(t.db);
    expect(csv.startsWith('\uFEFF"E-mail","Status"')).toBe(true);
    expect(csv).toContain(`"'=cmd@example.com","confirmed"`);
    const plain = (await listSubscribers(t.db, { search: "plain" })).entries[0];
    expect(await ownerRemovesSubscriber(t.db, owner, plain?.id as string)).toBe(true);
    expect(await ownerRemovesSubscriber(t.db, owner, plain?.id as string)).toBe(false);
    const log = await t.db.selectFrom("activity").select(["action", "target"]).execute();
    expect(log).toEqual([{ action: "removed subscriber", target: "plain@example.com" }]);
    expect((await subscriberCounts(t.db)).leftThisMonth).toBe(1);
  });
});
