import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listOutbox } from "~/.server/mail/outbox.ts";
import { applyRetention } from "~/.server/mail/retention.ts";
import { enquiriesCsv, listEnquiries, sendEnquiry, setEnquiryStatus } from "~/.server/site/enquiries.ts";
import type { Enquiry } from "~/site/enquiry-schema.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const day = 24 * 60 * 60 * 1000;
const to = "leasing@example.com";
const enquiry: Enquiry = { name: "Pat", email: "pat@example.com", message: "Hello" };

describe.each(dialects)("enquiries on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
  });
  afterEach(async () => {
    await t.close();
  });

  it("lets exactly 5 of a burst of 30 from one address through, each with its one message", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sendEnquiry(t.db, "203.0.113.9", { ...enquiry, message: `#${i}` }, to),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    const refused = results.find((result) => !result.ok);
    expect(refused).toMatchObject({ status: 429 });
    expect(refused && !refused.ok && refused.message).toMatch(
      /^Too many enquiries from your connection: 5 an hour at most\. Try again in \d+ minutes?, or call us\.$/,
    );
    expect(await listEnquiries(t.db)).toHaveLength(5);
    const messages = await listOutbox(t.db);
    expect(messages).toHaveLength(5);
    expect(messages.every(({ toAddress }) => toAddress === to)).toBe(true);
    // Another address is counted apart.
    expect((await sendEnquiry(t.db, "198.51.100.7", enquiry, to)).ok).toBe(true);
  });

  it("keeps an enquiry to an example address for the owners and writes no message for it", async () => {
    const result = await sendEnquiry(t.db, "203.0.113.30", enquiry, "leasing@woollahra-moncur.example");
    expect(result).toMatchObject({ ok: true, sent: false });
    const [kept] = await listEnquiries(t.db);
    expect(kept?.notSent).toBe("the enquiry address, leasing@woollahra-moncur.example, is an example");
    expect(await listOutbox(t.db)).toEqual([]);
    expect(await sendEnquiry(t.db, "203.0.113.31", enquiry, to)).toMatchObject({ ok: true, sent: true });
    expect((await listEnquiries(t.db))[0]?.notSent).toBeUndefined();
  });

  it("lets 10 of a burst from 20 addresses through, says the form is paused for everyone, and keeps the refused visitors' own allowance", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sendEnquiry(t.db, `198.51.100.${i + 1}`, { ...enquiry, message: `#${i}` }, to),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    const refused = results.find((result) => !result.ok);
    expect(refused).toMatchObject({ status: 429 });
    expect(refused && !refused.ok && refused.message).toMatch(
      /^The form is taking a short break: it has had more enquiries in the last few minutes than it accepts from everyone together\. Your message was not sent\. Try again in \d+ minutes?, or call us\.$/,
    );
    expect(await listEnquiries(t.db)).toHaveLength(10);
    expect(await listOutbox(t.db)).toHaveLength(10);
    // Once the ten minutes are over, a refused visitor still has all five of their own.
    const later = Date.now() + 11 * 60_000;
    const index = results.findIndex((result) => !result.ok);
    const address = `198.51.100.${index + 1}`;
    const again = [];
    for (let i = 0; i < 6; i++) again.push(await sendEnquiry(t.db, address, enquiry, to, later + i));
    expect(again.map((result) => result.ok)).toEqual([true, true, true, true, true, false]);
  });

  it("lists newest first and by status; owners set the status of existing enquiries only", async () => {
    const now = Date.now();
    const first = await sendEnquiry(t.db, "203.0.113.1", { ...enquiry, name: "First" }, to, now - 1000);
    const second = await sendEnquiry(t.db, "203.0.113.2", { ...enquiry, name: "Second" }, to, now);
    if (!first.ok || !second.ok) throw new Error("not sent");
    expect((await listEnquiries(t.db)).map(({ name }) => name)).toEqual(["Second", "First"]);
    expect(await setEnquiryStatus(t.db, first.id, "answered")).toBe(true);
    expect(await setEnquiryStatus(t.db, "no-such-id", "archived")).toBe(false);
    expect((await listEnquiries(t.db, { status: "answered" })).map(({ name }) => name)).toEqual(["First"]);
    expect((await listEnquiries(t.db, { status: "new" })).map(({ name }) => name)).toEqual(["Second"]);
    await expect(setEnquiryStatus(t.db, first.id, "deleted" as "new")).rejects.toThrow();
  });

  it("exports CSV a spreadsheet reads as text: quotes doubled, formulas defused, lines kept", async () => {
    await sendEnquiry(
      t.db,
      "203.0.113.3",
      {
        name: '=HYPERLINK("http://evil.example","x")',
        email: "a@example.com",
        company: "+61 Co",
        message: 'Say "hi"\nbye',
      },
      to,
    );
    const csv = await enquiriesCsv(t.db);
    const [header, row] = csv.split("\r\n");
    expect(header).toBe(
      '"Received (UTC)","Status","Name","E-mail","Phone","Company","Looking for","Message"',
    );
    expect(row).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(row).toContain('"\'+61 Co"');
    expect(row).toContain('"Say ""hi""\nbye"');
  });

  it("removes enquiries older than the retention period", async () => {
    const now = Date.now();
    await sendEnquiry(t.db, "203.0.113.4", { ...enquiry, name: "Old" }, to, now - 731 * day);
    await sendEnquiry(t.db, "203.0.113.5", { ...enquiry, name: "Recent" }, to, now - 729 * day);
    expect((await applyRetention(t.db, 730 * day, now)).enquiries).toBe(1);
    expect((await listEnquiries(t.db)).map(({ name }) => name)).toEqual(["Recent"]);
  });
});
