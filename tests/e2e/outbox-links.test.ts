import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { password, signedIn } from "../support/author.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/** A link's token as the site writes them: 32 random bytes in base64url. */
const token = /\/(reset-password|verify-email|account\/email\/(confirm|stop))\/[A-Za-z0-9_-]{43}/;
const tokens = new RegExp(token.source, "g");

/**
 * No one but the addressee can use a link (decision 029). Recipe from c04feeb: owner A makes B
 * an owner, B asks for a reset, A copies the link from the outbox, sets B's password and signs
 * in as B; the activity log showed nothing.
 */
describe.each(serverDialects)(
  "one-time links in the outbox and the logs on $name",
  (dialect: ServerDialect) => {
    let env: Record<string, string>;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ env, dispose } = await dialect.prepare());
    });
    afterAll(async () => {
      await dispose?.();
    });

    /** Owners A and B on `server`; B has asked for a reset. */
    async function ownersAAndB(server: RunningServer, db: Db, tag: string) {
      const [a, b] = [`a.${tag}.${dialect.name}@example.com`, `b.${tag}.${dialect.name}@example.com`];
      for (const address of [a, b]) {
        await new Visitor(server.url).register(address, password);
        await makeOwner(db, address);
      }
      const ownerA = await signedIn(server.url, a);
      await new Visitor(server.url).post("/forgot-password", { email: b });
      const message = await db
        .selectFrom("outbox")
        .select(["id", "text", "html", "status"])
        .where("toAddress", "=", b)
        .where("kind", "=", "password-reset")
        .executeTakeFirstOrThrow();
      return { a, b, ownerA, message };
    }

    describe("when the site sends mail", () => {
      let server: RunningServer;
      let smtp: LoopbackSmtp;
      let db: Db;

      beforeAll(async () => {
        smtp = await LoopbackSmtp.start();
        server = await startServer({ ...env, RATE_LIMITS: "off", SMTP_URL: smtp.url, LOG_LEVEL: "info" });
        db = serverDatabase(server, env);
      });
      afterAll(async () => {
        await db?.destroy();
        await server?.stop();
        await smtp?.down();
      });

      it("keeps no usable link in a delivered message, and shows owners none", async () => {
        const { b, ownerA, message } = await ownersAAndB(server, db, "sent");
        const received = await smtp.waitForMessageTo(b);
        const link = new URL(linkIn(received, "/reset-password/")).pathname;
        let stored = message;
        for (let tries = 0; stored.status !== "sent" && tries < 200; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          stored = await db
            .selectFrom("outbox")
            .select(["id", "text", "html", "status"])
            .where("id", "=", message.id)
            .executeTakeFirstOrThrow();
        }
        expect(stored.status).toBe("sent");
        expect(stored.text).not.toMatch(token);
        expect(stored.html).not.toMatch(token);
        expect(stored.text).toContain("/reset-password/(removed once delivered)");

        const page = await (await ownerA.get("/manage/outbox")).text();
        expect(page).not.toMatch(token);
        expect(page).not.toContain("Read the link");
        expect(visibleText(page)).toContain("The site sends its mail, so no one else may read a link.");
        const refused = await ownerA.post("/manage/outbox", { intent: "read", id: message.id });
        expect(refused.status).toBe(403);
        expect(visibleText(await refused.text())).toContain("no one else may read them");

        // The addressee's link still works.
        expect((await new Visitor(server.url).get(link)).status).toBe(200);
      });

      it("logs a link's route, never its token, however the address is spelled", async () => {
        const email = `logged.${dialect.name}@example.com`;
        await new Visitor(server.url).register(email, password);
        await new Visitor(server.url).post("/forgot-password", { email });
        const link = new URL(linkIn(await smtp.waitForMessageTo(email), "/reset-password/")).pathname;
        const secret = link.split("/").pop() as string;
        const visitor = new Visitor(server.url);
        for (const spelling of [
          link,
          link.toUpperCase().replace(secret.toUpperCase(), secret),
          `${link}?x=1`,
        ])
          await visitor.get(spelling);
        await visitor.get(`${link}.data`);
        await visitor.get(`/verify-email/${secret}`);
        await visitor.get(`/account/email/confirm/${secret}`);
        await visitor.get(`/account/email/stop/${secret}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const log = server.output();
        expect(log).toContain('"url":"/reset-password/:token"');
        expect(log).toContain('"url":"/verify-email/:token"');
        expect(log).toContain('"url":"/account/email/stop/:token"');
        expect(log).not.toContain(secret);
        expect(log.match(tokens)).toBeNull();
      });
    });

    describe("when the site sends no mail (no SMTP_URL)", () => {
      let server: RunningServer;
      let db: Db;

      beforeAll(async () => {
        server = await startServer({ ...env, RATE_LIMITS: "off" });
        db = serverDatabase(server, env);
      });
      afterAll(async () => {
        await db?.destroy();
        await server?.stop();
      });

      it("lets an owner read a waiting link only by asking, and logs who read which message", async () => {
        const { a, b, ownerA, message } = await ownersAAndB(server, db, "unsent");
        const listing = await (await ownerA.get("/manage/outbox")).text();
        expect(listing).not.toMatch(token);
        expect(visibleText(listing)).toContain("each reading is recorded in the activity log");
        expect(listing).toContain(`value="${message.id}"`);

        const read = await ownerA.post("/manage/outbox", { intent: "read", id: message.id });
        expect(read.status).toBe(200);
        const shown = await read.text();
        const link = shown.match(token)?.[0] as string;
        expect(link).toBeDefined();
        expect(visibleText(shown)).toContain("your reading of it is in the activity log");
        const activity = visibleText(await (await ownerA.get("/manage/activity")).text());
        expect(activity).toContain(`${a} read a message's link password-reset to ${b} (${message.id})`);

        // A message with no link in it, or none at all, is not "read": nothing is logged.
        const none = await ownerA.post("/manage/outbox", { intent: "read", id: "no-such-message" });
        expect(none.status).toBe(404);
        const entries = await db
          .selectFrom("activity")
          .select("action")
          .where("actorEmail", "=", a)
          .execute();
        expect(entries.filter(({ action }) => action === "read a message's link")).toHaveLength(1);
        // Authors cannot ask at all.
        const author = await (async () => {
          const email = `author.unsent.${dialect.name}@example.com`;
          await new Visitor(server.url).register(email, password);
          return signedIn(server.url, email);
        })();
        expect((await author.post("/manage/outbox", { intent: "read", id: message.id })).status).toBe(403);
        expect(link).toContain("/reset-password/");
      });
    });
  },
);
