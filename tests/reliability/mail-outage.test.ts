import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startedCookie } from "../support/enquiry-stamp.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { LoopbackSmtp } from "../support/smtp.ts";
import { Visitor } from "../support/visitor.ts";

const authSecret = "outage-test-secret-0123456789abcdefghijklmnop";
const accepted = 4;

/**
 * A message accepted into the outbox is never lost, nor sent twice: enquiries are accepted
 * while the SMTP server is down, the site is killed (SIGKILL) while it retries, then the
 * SMTP server comes back and the site restarts: each message arrives exactly once.
 */
describe.each(serverDialects)("mail through an outage and a crash on $name", (dialect: ServerDialect) => {
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let dataDir: string;
  let smtp: LoopbackSmtp;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    dataDir = mkdtempSync(path.join(tmpdir(), "wm-outage-"));
    smtp = await LoopbackSmtp.start();
    // A real enquiry address: a placeholder one keeps enquiries from being sent (SPEC §13).
    env = {
      ...env,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      AUTH_SECRET: authSecret,
      RATE_LIMITS: "off",
      ENQUIRY_TO: "leasing@woollahra-moncur.com.au",
    };
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.down();
    await dispose?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function outboxRows() {
    const db = serverDatabase({ dataDir } as RunningServer, env);
    try {
      return await db.selectFrom("outbox").select(["subject", "status", "attempts", "lastError"]).execute();
    } finally {
      await db.destroy();
    }
  }

  it("delivers every accepted enquiry exactly once after SMTP comes back and the killed site restarts", async () => {
    await smtp.down();
    server = await startServer(env);
    for (let i = 0; i < accepted; i++) {
      const response = await new Visitor(server.url).post(
        "/contact",
        { name: `Outage ${i}`, email: `outage${i}@example.com`, message: `Enquiry ${i} during the outage` },
        { cookie: startedCookie(authSecret) },
      );
      expect(response.status).toBe(303);
    }
    // The sender has tried and failed: every message waits, with the reason recorded.
    const deadline = Date.now() + 20_000;
    let rows = await outboxRows();
    while (!rows.every(({ attempts }) => attempts >= 1)) {
      if (Date.now() > deadline) throw new Error(`the sender never tried: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await outboxRows();
    }
    expect(rows).toHaveLength(accepted);
    for (const row of rows) {
      expect(row.status).toBe("pending");
      expect(row.lastError).toMatch(/ECONNREFUSED/);
    }

    process.kill(server.pid, "SIGKILL");
    await server.stop();
    await smtp.up();
    // Due again at once after the restart: the test does not wait out the back-off.
    const db = serverDatabase({ dataDir } as RunningServer, env);
    await db.updateTable("outbox").set({ nextAttemptAt: 0 }).execute();
    await db.destroy();
    server = await startServer(env);

    await smtp.waitFor(accepted);
    const settled = Date.now() + 20_000;
    while (!(await outboxRows()).every(({ status }) => status === "sent")) {
      if (Date.now() > settled) throw new Error("messages were delivered but not marked sent");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const subjects = smtp.received.map(({ mail }) => mail.subject).sort();
    expect(subjects).toEqual(
      Array.from({ length: accepted }, (_, i) => `Leasing enquiry from Outage ${i}`).sort(),
    );
    console.log(
      `${dialect.name}: ${accepted} accepted during the outage, ${smtp.received.length} delivered after the restart`,
    );
  });
});
