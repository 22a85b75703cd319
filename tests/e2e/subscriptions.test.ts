import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { published, signedUp, uploadCover } from "../support/author.ts";
import { startedCookie } from "../support/enquiry-stamp.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { LoopbackSmtp, linkIn, type Received } from "../support/smtp.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const authSecret = "subscriptions-test-secret-0123456789abcdef";
const answer = "Check your inbox to confirm your subscription.";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(serverDialects)(
  "subscriptions over HTTP with a real SMTP server on $name",
  (dialect: ServerDialect) => {
    let server: RunningServer;
    let smtp: LoopbackSmtp;
    let dispose: () => Promise<void>;
    let db: Db;
    let owner: Visitor;
    let cover: string;
    let counter = 0;
    const freshEmail = () => `reader${++counter}.${dialect.name}@example.com`;

    beforeAll(async () => {
      smtp = await LoopbackSmtp.start();
      const prepared = await dialect.prepare();
      dispose = prepared.dispose;
      server = await startServer({
        ...prepared.env,
        RATE_LIMITS: "off",
        SMTP_URL: smtp.url,
        MAIL_FROM: "site@example.com",
        AUTH_SECRET: authSecret,
        PUBLIC_URL: "https://woollahra-moncur.example",
        SUBSCRIBER_MAIL_PER_MINUTE: "6000",
      });
      db = serverDatabase(server, prepared.env);
      const ownerEmail = `owner.${dialect.name}@example.com`;
      await signedUp(server.url, ownerEmail);
      await makeOwner(db, ownerEmail);
      owner = await signedUpAgain(ownerEmail);
      cover = await uploadCover(owner);
    });
    afterAll(async () => {
      await db?.destroy();
      await server?.stop();
      await smtp?.down();
      await dispose?.();
    });
    beforeEach(() => {
      smtp.received.length = 0;
    });

    /** The owner signs in again: their role is read at sign-in. */
    async function signedUpAgain(email: string): Promise<Visitor> {
      const { signedIn } = await import("../support/author.ts");
      return signedIn(server.url, email);
    }

    /** A visitor whose browser loaded a subscribe form a minute ago (its stamp image). */
    const stampedVisitor = () => {
      const visitor = new Visitor(server.url);
      const [name, value] = startedCookie(authSecret).split("=") as [string, string];
      visitor.cookies.set(name, value);
      return visitor;
    };

    const subscribe = (email: string, visitor = stampedVisitor()) => visitor.post("/subscribe", { email });

    /** Subscribes and follows the link in the confirmation message. */
    async function confirmedReader(email = freshEmail()): Promise<string> {
      expect((await subscribe(email)).headers.get("location")).toBe("/subscribe/sent");
      const path = new URL(linkIn(await smtp.waitForMessageTo(email), "/subscribe/confirm/")).pathname;
      const visitor = new Visitor(server.url);
      const csrf = await visitor.formToken(path);
      const confirmed = await visitor.post(path, { csrf });
      expect(confirmed.status).toBe(200);
      expect(visibleText(await confirmed.text())).toContain("You're subscribed.");
      return email;
    }

    const publishPost = (title: string, extra: Record<string, string> = {}) =>
      published(owner, { title, content: `News: ${title}.`, coverImageId: cover, ...extra });

    const messagesTo = (email: string, kind?: string) =>
      smtp.received.filter(
        ({ envelopeTo, mail }) => envelopeTo.includes(email) && (!kind || mail.subject?.includes(kind)),
      );

    /** The first message to `email` whose subject holds `subject`, once it has arrived. */
    async function arrival(email: string, subject: string): Promise<Received> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [found] = messagesTo(email, subject);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no "${subject}" to ${email}`);
        await sleep(100);
      }
    }

    it("answers every address the same: new, pending and subscribed", async () => {
      const subscribed = await confirmedReader();
      const pending = freshEmail();
      await subscribe(pending);
      const answers = [];
      for (const email of [freshEmail(), pending, subscribed]) {
        const started = performance.now();
        const response = await subscribe(email);
        answers.push({ status: response.status, location: response.headers.get("location") });
        expect(performance.now() - started).toBeGreaterThanOrEqual(399);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
        new Set([JSON.stringify({ status: 303, location: "/subscribe/sent" })]),
      );
      const page = await new Visitor(server.url).get("/subscribe/sent");
      expect(visibleText(await page.text())).toContain(answer);
      await sleep(2500);
      // The subscribed address got nothing more; the pending one a fresh link.
      expect(messagesTo(subscribed, "Confirm")).toHaveLength(1);
      expect(messagesTo(pending, "Confirm")).toHaveLength(2);
    });

    it("refuses a robot's form, one sent too quickly, a bad address and a cross-site form, keeping nothing", async () => {
      const email = freshEmail();
      const robot = await stampedVisitor().post("/subscribe", { email, website: "https://spam.example" });
      expect(robot.status).toBe(400);
      expect(visibleText(await robot.text())).toContain("Sorry, your subscription could not be taken.");
      const quick = await new Visitor(server.url).post("/subscribe", { email });
      expect(quick.status).toBe(400);
      expect(visibleText(await quick.text())).toContain("Please take a moment, then subscribe again.");
      expect(quick.headers.getSetCookie().join()).toContain("wm_enquiry=");
      const bad = await subscribe("not-an-address");
      expect(bad.status).toBe(400);
      expect(visibleText(await bad.text())).toContain("Email is not in a correct format");
      const crossSite = await stampedVisitor().post(
        "/subscribe",
        { email },
        { origin: "https://evil.example" },
      );
      expect(crossSite.status).toBe(403);
      const fetchedCrossSite = await stampedVisitor().post(
        "/subscribe",
        { email },
        { "sec-fetch-site": "cross-site" },
      );
      expect(fetchedCrossSite.status).toBe(403);
      expect(await db.selectFrom("subscribers").select("id").where("email", "=", email).execute()).toEqual(
        [],
      );
    });

    it("confirms a link once among 30 parallel confirmations; opening it changes nothing", async () => {
      const email = freshEmail();
      await subscribe(email);
      const path = new URL(linkIn(await smtp.waitForMessageTo(email), "/subscribe/confirm/")).pathname;
      const visitor = new Visitor(server.url);
      const opened = await visitor.get(path);
      expect(opened.status).toBe(200);
      expect(visibleText(await opened.text())).toContain("Confirm my subscription");
      const row = () =>
        db.selectFrom("subscribers").select("status").where("email", "=", email).executeTakeFirst();
      expect((await row())?.status).toBe("pending");
      const csrf = await visitor.formToken(path);
      // A form without its token (forged, or replayed from elsewhere) is refused.
      expect((await new Visitor(server.url).post(path, {})).status).toBe(403);
      const statuses = await Promise.all(
        Array.from({ length: 30 }, () => visitor.post(path, { csrf }).then((r) => r.status)),
      );
      expect(
        statuses.filter((s) => s === 200),
        String(statuses),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 410)).toHaveLength(29);
      expect((await row())?.status).toBe("confirmed");
      const again = await visitor.get(path);
      expect(again.status).toBe(410);
      expect(visibleText(await again.text())).toContain("This link has expired or has already been used.");
    });

    it("delivers a published post once, a scheduled one at its moment, and nothing after a one-click unsubscribe", async () => {
      const email = await confirmedReader();
      const title = `Jacarandas ${dialect.name}`;
      const slug = await publishPost(title);
      const received = await arrival(email, title);
      expect(received.mail.subject).toBe(`${title} — Woollahra Moncur`);
      expect(received.mail.text).toContain(`https://woollahra-moncur.example/blog/${slug}`);
      expect(received.mail.html).toContain(`/blog/${slug}`);
      expect(received.mail.html).toMatch(/<img [^>]*alt=""/);
      // The headers as a mail program reads them, long ones unfolded.
      const headers = (received.raw.split(/\r?\n\r?\n/)[0] as string).replace(/\r?\n[ \t]+/g, " ");
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(headers).toMatch(
        /^List-Unsubscribe: <https:\/\/woollahra-moncur\.example\/unsubscribe\/[\w.-]+>\r?$/m,
      );
      const unsubscribeUrl = new URL(linkIn(received, "/unsubscribe/"));
      expect(received.mail.html).toContain(">Unsubscribe</a>");

      // Scheduled: saved for next year, then its moment brought close (no write the site sees).
      const scheduledTitle = `Scheduled ${dialect.name}`;
      const scheduled = await publishPost(scheduledTitle, { publishAt: nextYearWallTime() });
      const moment = Date.now() + 3000;
      await db
        .updateTable("posts")
        .set({ publishedOn: moment, publishAt: moment })
        .where("slug", "=", scheduled)
        .execute();
      await sleep(1500);
      expect(messagesTo(email, scheduledTitle)).toEqual([]);
      await arrival(email, scheduledTitle);
      expect(messagesTo(email, scheduledTitle)).toHaveLength(1);
      expect(Date.now()).toBeGreaterThanOrEqual(moment);
      // The first post went once, though the sender and the watcher went round many times since.
      expect(messagesTo(email, title).filter((m) => m.mail.subject?.startsWith(title))).toHaveLength(1);

      // A mail scanner opening the link changes nothing; the mail program's one-click POST does.
      const path = unsubscribeUrl.pathname;
      const opened = await new Visitor(server.url).get(path);
      expect(opened.status).toBe(200);
      expect(visibleText(await opened.text())).toContain("Stop receiving new posts of the blog by e-mail?");
      const oneClick = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
        redirect: "manual",
      });
      expect(oneClick.status).toBe(200);
      expect(visibleText(await oneClick.text())).toContain("You're unsubscribed.");
      expect(await db.selectFrom("subscribers").select("id").where("email", "=", email).execute()).toEqual(
        [],
      );
      expect(visibleText(await (await new Visitor(server.url).get(path)).text())).toContain(
        "This address is not subscribed",
      );
      // A link with a signature that is not ours is no link.
      expect((await new Visitor(server.url).get(`${path.slice(0, -3)}xyz`)).status).toBe(404);

      const afterwards = `After leaving ${dialect.name}`;
      await publishPost(afterwards);
      await sleep(6000);
      expect(messagesTo(email, afterwards)).toEqual([]);
    });

    it("with the weekly digest chosen, sends nothing when a post goes public", async () => {
      const email = await confirmedReader();
      const settings = await owner.post("/manage/settings", {
        registration: "open",
        publishing: "immediate",
        ownersTwoStep: "optional",
        subscriptionMail: "digest",
      });
      expect(settings.status).toBe(200);
      expect(visibleText(await (await owner.get("/manage/settings")).text())).toContain("Weekly digest");
      const title = `For the digest ${dialect.name}`;
      const slug = await publishPost(title);
      await sleep(6000);
      expect(messagesTo(email, title)).toEqual([]);
      const recorded = await db
        .selectFrom("postMailings")
        .select("state")
        .where("slug", "=", slug)
        .executeTakeFirst();
      expect(recorded?.state).toBe("digest");
      await owner.post("/manage/settings", {
        registration: "open",
        publishing: "immediate",
        ownersTwoStep: "optional",
        subscriptionMail: "each",
      });
    });

    it("lets a signed-in user subscribe their own address from /account at once, and stop", async () => {
      const email = freshEmail();
      const user = await signedUp(server.url, email);
      expect(visibleText(await (await user.get("/account")).text())).toContain(
        "Off: get each new post by e-mail",
      );
      const on = await user.post("/account", { intent: "subscribe" });
      expect(on.status).toBe(303);
      expect(visibleText(await (await user.get("/account")).text())).toContain(
        "On: each new post is sent to your address.",
      );
      const row = await db
        .selectFrom("subscribers")
        .select("status")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(row?.status).toBe("confirmed");
      expect(messagesTo(email)).toEqual([]);
      await user.post("/account", { intent: "unsubscribe" });
      expect(await db.selectFrom("subscribers").select("id").where("email", "=", email).execute()).toEqual(
        [],
      );
    });

    it("gives owners the figures, a search, removal and a CSV with a byte-order mark; others get no part of it", async () => {
      const email = await confirmedReader(`-hyperlink.${dialect.name}@example.com`);
      const page = visibleText(await (await owner.get("/manage/subscribers")).text());
      expect(page).toMatch(
        /Confirmed \d+ Waiting for confirmation \d+ Stopped after refusals \d+ Left this month \d+/,
      );
      const found = visibleText(
        await (await owner.get(`/manage/subscribers?q=${encodeURIComponent("-hyper")}`)).text(),
      );
      expect(found).toContain("1 address contains “-hyper”.");
      expect(found).toContain(email);
      const csv = await owner.get("/manage/subscribers.csv");
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(csv.headers.get("cache-control")).toBe("private, no-store");
      const bytes = new Uint8Array(await csv.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes)).toContain(`"'${email}","confirmed"`);
      const author = await signedUp(server.url, freshEmail());
      expect((await author.get("/manage/subscribers.csv")).status).toBe(403);
      expect((await new Visitor(server.url).get("/manage/subscribers.csv")).status).toBe(302);
      const row = await db
        .selectFrom("subscribers")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect((await author.post("/manage/subscribers", { intent: "remove", id: row.id })).status).toBe(403);
      const removed = await owner.post("/manage/subscribers", { intent: "remove", id: row.id });
      expect(visibleText(await removed.text())).toContain("Subscriber removed: their address is deleted");
      expect(await db.selectFrom("subscribers").select("id").where("id", "=", row.id).execute()).toEqual([]);
      const again = await owner.post("/manage/subscribers", { intent: "remove", id: row.id });
      expect(again.status).toBe(404);
      expect((await owner.post("/manage/subscribers", { intent: "remove", id: "nope" })).status).toBe(400);
      const outbox = visibleText(await (await owner.get("/manage/outbox")).text());
      expect(outbox).toContain("Posts sent to subscribers");
      expect(outbox).toMatch(new RegExp(`Jacarandas ${dialect.name} \\d+ \\d+ \\d+`));
    });

    it("shows the subscribe form, as a plain form, on /home, posts and tag pages, served from the page cache", async () => {
      const slug = await publishPost(`Tagged ${dialect.name}`, { tags: "village" });
      for (const path of ["/home", `/blog/${slug}`, "/tags/village", "/subscribe"]) {
        const visitor = () => new Visitor(server.url).get(path);
        // Cached answers carry no request id.
        await expect
          .poll(async () => (await visitor()).headers.get("x-request-id"), { timeout: 5000 })
          .toBeNull();
        const response = await visitor();
        expect(response.status, path).toBe(200);
        const html = await response.text();
        expect(html, path).toMatch(/<form [^>]*action="\/subscribe" method="post"/);
        expect(html, path).toContain('src="/contact/started"');
        expect(html, path).not.toContain("wm_enquiry");
        expect(response.headers.get("cache-control"), path).toBe("public, max-age=0, must-revalidate");
      }
    });
  },
);

function nextYearWallTime(): string {
  const date = new Date(Date.now() + 360 * 24 * 3_600_000);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}T10:00`;
}
