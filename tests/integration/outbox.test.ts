import { createTransport } from "nodemailer";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { compose } from "~/.server/mail/message.ts";
import { enqueue, listOutbox } from "~/.server/mail/outbox.ts";
import { applyRetention, sentKeptMs } from "~/.server/mail/retention.ts";
import { backoffMs, claimNext, type Deliver, leaseMs, retryForMs, sendDue } from "~/.server/mail/sender.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";
import { LoopbackSmtp } from "../support/smtp.ts";

const minute = 60_000;

function message(subject = "Hello", to = "someone@example.com") {
  return { kind: "test", to, subject, ...compose([{ paragraph: "Body" }]) };
}

/** Delivery through the loopback SMTP server, as the sender does it (nodemailer over SMTP_URL). */
function smtpDeliver(smtp: LoopbackSmtp): Deliver {
  const transport = createTransport(smtp.url);
  return async ({ toAddress, replyTo, subject, text, html }) => {
    await transport.sendMail({
      from: "site@example.com",
      to: toAddress,
      replyTo: replyTo ?? undefined,
      subject,
      text,
      html,
    });
  };
}

const failing: Deliver = async () => {
  throw new Error("connect ECONNREFUSED 127.0.0.1:25");
};

describe.each(dialects)("the outbox on $name", (dialect) => {
  let t: TestDatabase;
  let smtp: LoopbackSmtp;
  beforeAll(async () => {
    smtp = await LoopbackSmtp.start();
  });
  afterAll(async () => {
    await smtp.down();
  });
  beforeEach(async () => {
    t = await dialect.open();
    smtp.received.length = 0;
  });
  afterEach(async () => {
    await t.close();
  });

  it("keeps a message only when the transaction of its cause commits", async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueue(trx, message("rolled back"));
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    await t.db.transaction().execute((trx) => enqueue(trx, message("committed")));
    expect((await listOutbox(t.db)).map(({ subject }) => subject)).toEqual(["committed"]);
  });

  it("sends a due message through SMTP once and records it as sent", async () => {
    await enqueue(t.db, message("Your link"));
    expect(await sendDue(t.db, smtpDeliver(smtp), "sender-a")).toBe(1);
    expect(await sendDue(t.db, smtpDeliver(smtp), "sender-a")).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.mail.subject).toBe("Your link");
    expect(smtp.received[0]?.envelopeTo).toEqual(["someone@example.com"]);
    const [row] = await listOutbox(t.db);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row?.sentAt).toBeGreaterThan(0);
  });

  it("never sends one message twice when two senders race for the outbox", async () => {
    for (let i = 0; i < 12; i++) await enqueue(t.db, message(`Message ${i}`));
    const deliveries: string[] = [];
    const counting =
      (deliver: Deliver): Deliver =>
      async (m) => {
        deliveries.push(m.subject);
        await deliver(m);
      };
    const [a, b] = await Promise.all([
      sendDue(t.db, counting(smtpDeliver(smtp)), "sender-a"),
      sendDue(t.db, counting(smtpDeliver(smtp)), "sender-b"),
    ]);
    expect(a + b).toBe(12);
    expect(new Set(deliveries).size).toBe(12);
    expect(deliveries).toHaveLength(12);
    expect(smtp.received).toHaveLength(12);
  });

  it("lets exactly one of 30 parallel claims have a message, and no one while its lease runs", async () => {
    await enqueue(t.db, message());
    const now = Date.now();
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, i) => claimNext(t.db, `sender-${i}`, now)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimNext(t.db, "late", now + leaseMs - 1)).toBeUndefined();
  });

  it("lets another sender take over a message whose lease ran out (its sender died)", async () => {
    await enqueue(t.db, message());
    const now = Date.now();
    expect(await claimNext(t.db, "died", now)).toBeDefined();
    const later = now + leaseMs;
    expect(await sendDue(t.db, smtpDeliver(smtp), "survivor", () => later)).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it("records a failure and retries after a growing back-off, then sends", async () => {
    const start = Date.now();
    await enqueue(t.db, message(), start);
    expect(await sendDue(t.db, failing, "a", () => start)).toBe(0);
    let [row] = await listOutbox(t.db);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(row?.nextAttemptAt).toBeGreaterThanOrEqual(start + 0.9 * minute);
    // Not due before its back-off ends.
    expect(await sendDue(t.db, smtpDeliver(smtp), "a", () => start + 0.5 * minute)).toBe(0);
    const second = start + 2 * minute;
    await sendDue(t.db, failing, "a", () => second);
    [row] = await listOutbox(t.db);
    expect(row?.attempts).toBe(2);
    expect(row?.nextAttemptAt).toBeGreaterThanOrEqual(second + 1.8 * minute);
    expect(await sendDue(t.db, smtpDeliver(smtp), "a", () => second + 3 * minute)).toBe(1);
    [row] = await listOutbox(t.db);
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("keeps retrying for more than a day, then marks the message failed", async () => {
    const start = Date.now();
    await enqueue(t.db, message(), start);
    let now = start;
    let attempts = 0;
    while (now - start < 24 * 60 * minute) {
      await sendDue(t.db, failing, "a", () => now);
      const [row] = await listOutbox(t.db);
      expect(row?.status).toBe("pending");
      attempts = row?.attempts ?? 0;
      now = row?.nextAttemptAt ?? now;
    }
    expect(attempts).toBeGreaterThan(20);
    await sendDue(t.db, failing, "a", () => start + retryForMs);
    expect((await listOutbox(t.db))[0]?.status).toBe("failed");
  });

  it("removes sent messages after their period, never those waiting", async () => {
    const old = Date.now() - sentKeptMs - minute;
    await enqueue(t.db, message("old, sent"), old);
    await sendDue(t.db, smtpDeliver(smtp), "a", () => old);
    await enqueue(t.db, message("old, waiting"), old);
    const removed = await applyRetention(t.db, 730 * 24 * 60 * minute);
    expect(removed.messages).toBe(1);
    expect((await listOutbox(t.db)).map(({ subject }) => subject)).toEqual(["old, waiting"]);
  });
});

describe("back-off", () => {
  it("doubles from a minute up to an hour", () => {
    expect(backoffMs(1, 0.5)).toBe(minute);
    expect(backoffMs(2, 0.5)).toBe(2 * minute);
    expect(backoffMs(20, 0.5)).toBe(60 * minute);
  });
});

describe("header safety", () => {
  it("turns line breaks in a subject into spaces and drops a Reply-To that is not one plain address", async () => {
    const { headerSafeAddress, headerSafeText } = await import("~/.server/mail/message.ts");
    expect(headerSafeText("Hi\r\nBcc: victim@example.com")).toBe("Hi Bcc: victim@example.com");
    expect(headerSafeAddress("a@example.com\r\nBcc: b@example.com")).toBeUndefined();
    expect(headerSafeAddress("a@example.com, b@example.com")).toBeUndefined();
    expect(headerSafeAddress("Name <a@example.com>")).toBeUndefined();
    expect(headerSafeAddress("a@example.com")).toBe("a@example.com");
  });
});
