import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { publish, signedUp, uploadCover } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { checkedPage, shotsFolder } from "../support/owner-browser.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";
import type { Visitor } from "../support/visitor.ts";

const shots = shotsFolder("subscriptions-browser");

/** Subscribing in Chromium from a cached reading page, the pages it leads to, and the owners' pages: axe at both widths. */
describe.skipIf(!chromiumPath)("subscriptions in Chromium", () => {
  let server: RunningServer;
  let smtp: LoopbackSmtp;
  let browser: Browser;
  let db: Db;
  let owner: Visitor;

  beforeAll(async () => {
    smtp = await LoopbackSmtp.start();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, RATE_LIMITS: "off", SUBSCRIBER_MAIL_PER_MINUTE: "6000" }),
      launchBrowser(),
    ]);
    db = serverDatabase(server);
    owner = await signedUp(server.url, "owner@example.com");
    await makeOwner(db, "owner@example.com");
    const cover = await uploadCover(owner);
    const tagged = {
      title: "Jacarandas on Moncur Street",
      content: "Purple again.",
      coverImageId: cover,
      tags: "village",
    };
    await publish(owner, tagged);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
    await smtp?.down();
  });

  async function open(route: string, width: number, as?: Visitor): Promise<Page> {
    const context = await contextAs(browser, as, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`);
    return page;
  }

  it("subscribes an anonymous reader from /home (a cached page, no framework), confirms by the link, and leaves", async () => {
    // Cached first, by another visitor.
    await fetch(`${server.url}/home`);
    const page = await open("/home", 390);
    const scripts = await page.evaluate(() =>
      [...document.scripts].map((script) => script.src).filter(Boolean),
    );
    expect(
      scripts.every((src) => /\/assets\/menus-/.test(src)),
      String(scripts),
    ).toBe(true);
    const form = page.getByRole("form", { name: "Follow the blog by e-mail" });
    await form.getByLabel("Email").fill("reader@example.com");
    // A person takes a moment: the form's stamp (its image) must be older than 3 s.
    await page.waitForTimeout(3200);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(`${server.url}/subscribe/sent`);
    await page.getByText("Check your inbox to confirm your subscription.").waitFor();
    const message = await smtp.waitForMessageTo("reader@example.com");
    const violations = await checkedPage(page, shots, "subscribe-sent", false);

    const confirm = await open(new URL(linkIn(message, "/subscribe/confirm/")).pathname, 390);
    violations.push(...(await checkedPage(confirm, shots, "confirm", false)));
    await confirm.setViewportSize({ width: 1280, height: 900 });
    violations.push(...(await checkedPage(confirm, shots, "confirm", false)));
    await confirm.getByRole("button", { name: "Confirm my subscription" }).click();
    await confirm.getByText("You're subscribed. New posts will come to your inbox.").waitFor();
    violations.push(...(await checkedPage(confirm, shots, "confirmed", false)));

    const cover = await uploadCover(owner);
    await publish(owner, {
      title: "Street party on Saturday",
      content: "Bring a chair.",
      coverImageId: cover,
    });
    const post = await waitFor(() =>
      smtp.received.find(({ mail }) => mail.subject?.startsWith("Street party on Saturday")),
    );
    const leave = await open(new URL(linkIn(post, "/unsubscribe/")).pathname, 1280);
    violations.push(...(await checkedPage(leave, shots, "unsubscribe", false)));
    await leave.setViewportSize({ width: 390, height: 900 });
    violations.push(...(await checkedPage(leave, shots, "unsubscribe", false)));
    await leave.getByRole("button", { name: "Unsubscribe" }).click();
    await leave.getByText("You're unsubscribed.").waitFor();
    violations.push(...(await checkedPage(leave, shots, "unsubscribed", false)));
    expect(await db.selectFrom("subscribers").select("id").execute()).toEqual([]);
    expect(violations).toEqual([]);
  }, 120_000);

  it("shows the subscribe pages and forms, the owners' subscribers and outbox, and the account's section without axe violations at 390 and 1280 px", async () => {
    await db
      .insertInto("subscribers")
      .values([
        {
          id: "a".repeat(24),
          email: "=sum(a1)@example.com",
          status: "confirmed",
          createdAt: Date.now(),
          confirmedAt: Date.now(),
        },
        { id: "b".repeat(24), email: "waiting@example.com", status: "pending", createdAt: Date.now() },
      ])
      .execute();
    // The notice the owner's last publish left for their next page is not part of these pages.
    owner.cookies.delete("wm_toast");
    const violations: string[] = [];
    const pages: [string, string, Visitor | undefined][] = [
      ["/subscribe", "subscribe", undefined],
      ["/home", "home", undefined],
      ["/tags/village", "tag", undefined],
      ["/manage/subscribers", "manage-subscribers", owner],
      ["/manage/subscribers?q=wait", "manage-subscribers-search", owner],
      ["/manage/outbox", "manage-outbox", owner],
      ["/manage/settings", "manage-settings", owner],
      ["/account", "account", owner],
    ];
    for (const [route, name, as] of pages) {
      for (const width of [390, 1280]) {
        const page = await open(route, width, as);
        if (as) await page.locator("html[data-hydrated]").waitFor();
        violations.push(...(await checkedPage(page, shots, name, Boolean(as))));
        await page.context().close();
      }
    }
    expect(violations).toEqual([]);
    const refused = await open("/subscribe", 390);
    await refused.getByLabel("Email").fill("not an address");
    await refused.getByRole("button", { name: "Subscribe" }).click();
    await refused.getByRole("alert").getByText("Email is not in a correct format").waitFor();
    expect(await checkedPage(refused, shots, "subscribe-refused", false)).toEqual([]);
  }, 180_000);
});

async function waitFor<T>(find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error("it never came");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
