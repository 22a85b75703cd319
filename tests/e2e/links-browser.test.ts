import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { password, signedIn, signedUp } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";
import { Visitor } from "../support/visitor.ts";

/** Where the screenshots of these pages go, to be looked at. */
const shots = path.join(tmpdir(), "wm-links-screenshots");

/** Axe's violations on the page, and whether it scrolls sideways, at phone and desktop width. */
async function lookAt(page: Page, name: string): Promise<string[]> {
  mkdirSync(shots, { recursive: true });
  const problems: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    const sideways = await page.evaluate(() =>
      document.documentElement.scrollWidth > window.innerWidth
        ? [...document.querySelectorAll("body *")]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
            .slice(0, 5)
            .map((element) => `${element.tagName}.${element.className}`)
        : [],
    );
    if (sideways.length > 0) problems.push(`${name} scrolls sideways at ${width} px: ${sideways.join(", ")}`);
  }
  const results = await new AxeBuilder({ page }).analyze();
  for (const v of results.violations)
    problems.push(`${name}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
  return problems;
}

describe.skipIf(!chromiumPath)("links in Chromium", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe("with mail sent", () => {
    let server: RunningServer;
    let smtp: LoopbackSmtp;

    beforeAll(async () => {
      smtp = await LoopbackSmtp.start();
      server = await startServer({ SMTP_URL: smtp.url, RATE_LIMITS: "off" });
    });
    afterAll(async () => {
      await server?.stop();
      await smtp?.down();
    });

    it('"This wasn\'t me" from the old address stops a change, signs everyone out and sends a reset link', async () => {
      const email = "stopper@example.com";
      const session = await signedUp(server.url, email);
      expect((await session.post("/account/email", { email: "taker@example.com", password })).status).toBe(
        200,
      );
      const notice = await smtp.waitForMessageTo(email);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(linkIn(notice, "/account/email/stop/"));
      await page.locator("html[data-hydrated]").waitFor();
      await page.getByRole("heading", { name: "Stop the change of address" }).waitFor();
      await page.getByText("Someone asked to move your account to another address.").waitFor();
      expect(await lookAt(page, "stop-change")).toEqual([]);
      await page.getByRole("button", { name: "Stop it and sign out everywhere" }).click();
      await page
        .getByRole("status")
        .getByText(
          "The change is stopped and every session signed out. We've sent you a link to choose a new password.",
        )
        .waitFor();
      expect((await session.get("/account")).status).toBe(302);
      const reset = smtp.received.filter(
        ({ envelopeTo, mail }) => envelopeTo.includes(email) && mail.subject?.startsWith("Reset"),
      );
      for (let tries = 0; reset.length === 0 && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        reset.push(
          ...smtp.received.filter(
            ({ envelopeTo, mail }) => envelopeTo.includes(email) && mail.subject?.startsWith("Reset"),
          ),
        );
      }
      expect(reset.length).toBeGreaterThan(0);
      await context.close();
    });
  });

  describe("with no mail server", () => {
    let server: RunningServer;

    beforeAll(async () => {
      server = await startServer({ RATE_LIMITS: "off" });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("an owner reads a waiting reset link by asking for it, on a phone, and the activity log says so", async () => {
      const db = serverDatabase(server);
      const ownerEmail = "reader-owner@example.com";
      await new Visitor(server.url).register(ownerEmail, password);
      await makeOwner(db, ownerEmail);
      await db.destroy();
      const owner = await signedIn(server.url, ownerEmail);
      await new Visitor(server.url).register("locked-out@example.com", password);
      await new Visitor(server.url).post("/forgot-password", { email: "locked-out@example.com" });

      const page = await (
        await contextAs(browser, owner, { viewport: { width: 390, height: 900 } })
      ).newPage();
      await page.goto(`${server.url}/manage/outbox`);
      await page.locator("html[data-hydrated]").waitFor();
      const message = page.getByTestId("outbox-message").filter({ hasText: "locked-out@example.com" });
      expect(await message.locator("pre").textContent()).toContain(
        "/reset-password/(removed once delivered)",
      );
      expect(await lookAt(page, "outbox")).toEqual([]);
      await page.setViewportSize({ width: 390, height: 900 });
      await message
        .getByRole("button", {
          name: "Read the link in “Reset your Woollahra Moncur password” to locked-out@example.com",
        })
        .click();
      await page.getByText("your reading of it is in the activity log").waitFor();
      expect(await message.locator("pre").textContent()).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/);
      expect(await lookAt(page, "outbox-read")).toEqual([]);
      await page.goto(`${server.url}/manage/activity`);
      await page.getByText("password-reset to locked-out@example.com").waitFor();
      await page.context().close();
    });
  });
});
