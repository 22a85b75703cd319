/**
 * `npm run bench:subscriptions`: a post mailed to 10 000 confirmed subscribers through a
 * real SMTP server (the `smtp-server` package on loopback, which only counts what it is
 * given): how long the site takes to write the messages and to deliver them, the server's
 * memory meanwhile, and how soon a password reset asked for in the middle arrives. It prints
 * figures and never fails on them. `BENCH_SUBSCRIBERS` changes the count,
 * `SUBSCRIBER_MAIL_PER_MINUTE` the pace (unset here: as fast as the sender goes).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../app/.server/db/database.ts";
import { acknowledged, publish, signedUp, uploadCover } from "../tests/support/author.ts";
import { startServer } from "../tests/support/server.ts";
import { Visitor } from "../tests/support/visitor.ts";

const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const perMinute = process.env.SUBSCRIBER_MAIL_PER_MINUTE ?? "100000";
const resetAfterDelivered = Math.round(subscriberCount / 5);
const resetAddress = "reader-who-forgot@example.com";

/** When each message arrived, by recipient: the SMTP server keeps nothing else. */
const arrivals = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  // A relay on loopback: no name to look up for the site's address.
  disableReverseLookup: true,
  onAuth: (_auth, _session, callback) => callback(null, { user: "site" }),
  onData: (stream, session, callback) => {
    stream.on("data", () => {});
    stream.on("end", () => {
      for (const { address } of session.envelope.rcptTo) arrivals.set(address, performance.now());
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const server = await startServer({
  SMTP_URL: `smtp://site:secret@127.0.0.1:${smtpPort}`,
  SUBSCRIBER_MAIL_PER_MINUTE: perMinute,
  RATE_LIMITS: "off",
});
const db = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "site.db") });

const rssMb = () =>
  Number(readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The site publishes authors' posts at once unless owners choose review: an author will do.
const author = await signedUp(server.url, "author@example.com");
const cover = await uploadCover(author);
await signedUp(server.url, resetAddress);

const now = Date.now();
for (let start = 0; start < subscriberCount; start += 500) {
  const rows = Array.from({ length: Math.min(500, subscriberCount - start) }, (_, i) => ({
    id: randomBytes(12).toString("hex"),
    email: `subscriber${start + i}@example.com`,
    status: "confirmed" as const,
    createdAt: now,
    confirmedAt: now,
  }));
  await db.insertInto("subscribers").values(rows).execute();
}
// Settled: what the server holds before the mailing.
await sleep(2000);
const rssBefore = rssMb();

const memory: number[] = [];
const sampling = setInterval(() => memory.push(rssMb()), 250);
const isBulk = (address: string) => address.startsWith("subscriber");
const bulkArrived = () => [...arrivals.keys()].filter(isBulk).length;

const publishedAt = performance.now();
const published = await publish(author, {
  title: "Jacarandas on Moncur Street",
  content: "The trees are purple again. ".repeat(40),
  coverImageId: cover,
});
if (!acknowledged(published)) throw new Error(`publishing answered ${published.status}`);

let writtenAt: number | undefined;
let resetAskedAt: number | undefined;
let resetArrivedAt: number | undefined;
let resetAskedWithDelivered = 0;
const deadline = Date.now() + 30 * 60_000;
while (bulkArrived() < subscriberCount && Date.now() < deadline) {
  if (writtenAt === undefined) {
    const { count } = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("kind", "=", "subscription-post")
      .executeTakeFirstOrThrow();
    if (Number(count) >= subscriberCount) writtenAt = performance.now();
  }
  if (resetAskedAt === undefined && bulkArrived() >= resetAfterDelivered) {
    resetAskedWithDelivered = bulkArrived();
    resetAskedAt = performance.now();
    const asked = await new Visitor(server.url).post("/forgot-password", { email: resetAddress });
    if (asked.status !== 200) throw new Error(`the reset request answered ${asked.status}`);
  }
  if (resetArrivedAt === undefined && arrivals.has(resetAddress)) resetArrivedAt = arrivals.get(resetAddress);
  await sleep(50);
}
const deliveredAt = Math.max(...[...arrivals].filter(([address]) => isBulk(address)).map(([, at]) => at));
resetArrivedAt ??= arrivals.get(resetAddress);
clearInterval(sampling);
await db.destroy();
await server.stop();
await new Promise<void>((resolve) => smtp.close(() => resolve()));

const seconds = (from: number, to: number | undefined) =>
  to === undefined ? null : +((to - from) / 1000).toFixed(1);
const results = {
  subscribers: subscriberCount,
  subscriberMailPerMinute: Number(perMinute),
  delivered: bulkArrived(),
  secondsToWriteEveryMessage: seconds(publishedAt, writtenAt),
  secondsToDeliverEveryMessage: seconds(publishedAt, deliveredAt),
  messagesPerSecond: +(bulkArrived() / ((deliveredAt - publishedAt) / 1000)).toFixed(1),
  serverRssMb: {
    before: Math.round(rssBefore),
    peakDuring: Math.round(Math.max(...memory)),
    medianDuring: Math.round([...memory].sort((a, b) => a - b)[Math.floor(memory.length / 2)] ?? 0),
  },
  reset: {
    askedWithDelivered: resetAskedWithDelivered,
    secondsToArrive: resetAskedAt === undefined ? null : seconds(resetAskedAt, resetArrivedAt),
  },
};
console.table({
  subscribers: results.subscribers,
  "pace set (messages a minute)": results.subscriberMailPerMinute,
  "messages delivered": results.delivered,
  "s from publishing to every message written": results.secondsToWriteEveryMessage,
  "s from publishing to every message delivered": results.secondsToDeliverEveryMessage,
  "messages delivered a second": results.messagesPerSecond,
  "server RSS before (MB)": results.serverRssMb.before,
  "server RSS peak during (MB)": results.serverRssMb.peakDuring,
  "server RSS median during (MB)": results.serverRssMb.medianDuring,
  "messages delivered when the reset was asked": results.reset.askedWithDelivered,
  "s for the reset to arrive": results.reset.secondsToArrive,
});
const out = path.resolve(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "subscriptions.json"), `${JSON.stringify(results, null, 2)}\n`);
