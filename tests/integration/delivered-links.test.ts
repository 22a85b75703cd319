import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db/database.ts";
import { migrations } from "~/.server/db/migrations/index.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const token = "Zq9_-".repeat(8).concat("abc");
const link = `https://example.com/reset-password/${token}`;

describe.each(dialects)("messages delivered before decision 029 on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
    await new Migrator({ db: t.db, provider: migrations }).migrateTo("015-backups");
  });
  afterEach(async () => {
    await t.close();
  });

  it("lose their tokens when the site is upgraded; a message still waiting keeps its link", async () => {
    const message = {
      kind: "password-reset",
      subject: "Reset",
      text: `Open:\n${link}\n`,
      html: `<a href="${link}">Open</a>`,
    };
    // Written with the outbox's columns of that time: today's `enqueue` writes later ones too.
    const storedThen = async (to: string) => {
      const id = `then-${to.split("@")[0]}`;
      await sql`insert into outbox (id, kind, "toAddress", subject, text, html, "nextAttemptAt", "createdAt")
        values (${id}, ${message.kind}, ${to}, ${message.subject}, ${message.text}, ${message.html}, 0, 0)`.execute(
        t.db,
      );
      return id;
    };
    const ids = {
      sent: await storedThen("sent@example.com"),
      failed: await storedThen("failed@example.com"),
      pending: await storedThen("pending@example.com"),
    };
    await t.db.updateTable("outbox").set({ status: "sent" }).where("id", "=", ids.sent).execute();
    await t.db.updateTable("outbox").set({ status: "failed" }).where("id", "=", ids.failed).execute();
    expect(await migrateToLatest(t.db)).toContain("016-delivered-links");
    const rows = await t.db.selectFrom("outbox").select(["id", "text", "html"]).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of [ids.sent, ids.failed]) {
      expect(byId.get(id)?.text).toBe("Open:\nhttps://example.com/reset-password/(removed once delivered)\n");
      expect(byId.get(id)?.html).not.toContain(token);
    }
    expect(byId.get(ids.pending)?.text).toContain(link);
  });
});
