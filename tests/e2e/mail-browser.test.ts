import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { password, signedUp } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { startedCookie } from "../support/enquiry-stamp.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";

const authSecret = "browser-mail-secret-0123456789abcdefghijklmnop";
const newPassword = "bougainvillea-1900";

describe.skipIf(!chromiumPath)("mail in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: LoopbackSmtp;

  beforeAll(async () => {
    smtp = await LoopbackSmtp.start();
    [server, browser] = await Promise.all([
      startServer({
        SMTP_URL: smtp.url,
        AUTH_SECRET: authSecret,
        ENQUIRY_TO: "leasing@example.com",
        RATE_LIMITS: "off",
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.down();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  async function open(path: string, javaScript: boolean): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({
      javaScriptEnabled: javaScript,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    // The contact pages are reading pages: documents with small scripts, no framework (decision 025).
    if (javaScript) await page.locator("html[data-enhanced]").waitFor();
    return { page, context };
  }

  it("forgot password: the link in the message leads to a new password, and old sessions end", async () => {
    const email = "forgetful@example.com";
    const oldSession = await signedUp(server.url, email);
    const { page } = await open("/login", true);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    // The log-in form has an Email field too: fill the new page's, once it has come.
    await page.getByRole("button", { name: "Send the link" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page
      .getByText("If an account exists for that address, we've sent a link to reset the password.")
      .waitFor();

    const [message] = await smtp.waitFor(1);
    if (!message) throw new Error("no message");
    await page.goto(linkIn(message, "/reset-password/"));
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.waitForURL(`${server.url}/login`);
    await page
      .getByRole("status")
      .getByText("Your password has been changed. Log in with the new one.")
      .waitFor();
    expect((await oldSession.get("/dashboard")).status).toBe(302);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("alert").getByText("Invalid email or password").waitFor();
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${server.url}/`);
  });

  /**
   * The form's image has set the start stamp; the test then dates it back a minute, as if the
   * visitor had taken that long, instead of waiting out the minimum fill time.
   */
  async function tookTheirTime(context: BrowserContext): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await context.cookies()).some(({ name }) => name === "wm_enquiry")) {
      if (Date.now() > deadline) throw new Error("the form's image set no start stamp");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [name, value] = startedCookie(authSecret).split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  }

  for (const { path, javaScript } of [
    { path: "/contact", javaScript: true },
    { path: "/commercial", javaScript: false },
  ]) {
    it(`an enquiry from ${path} with JavaScript ${javaScript ? "on" : "off"} reaches the managers`, async () => {
      const { page, context } = await open(path, javaScript);
      await tookTheirTime(context);
      const name = `Visitor with JavaScript ${javaScript ? "on" : "off"}`;
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Email").fill("visitor@example.com");
      await page.getByLabel("Message").fill("May we inspect the top floor next week?");
      if (javaScript) {
        // A reading page's form is checked by the server: the message beside the field, what
        // was typed kept.
        await page.getByLabel("Phone (optional)").fill("call me");
        await page.getByRole("button", { name: "Send enquiry" }).click();
        await page.getByText("Phone should be a phone number, e.g. 02 5550 0103").waitFor();
        expect(await page.getByLabel("Name").inputValue()).toBe(name);
        await page.getByLabel("Phone (optional)").fill("02 5550 0111");
      }
      await page.getByRole("button", { name: "Send enquiry" }).click();
      await page.waitForURL(`${server.url}/contact/sent`);
      await page.getByText("Thank you. Your enquiry has been sent to the building's managers.").waitFor();
      const [message] = await smtp.waitFor(1);
      expect(message?.envelopeTo).toEqual(["leasing@example.com"]);
      expect(message?.mail.subject).toBe(`Leasing enquiry from ${name}`);
    });
  }

  it("an enquiry from /contact reaches /manage/enquiries, is marked answered in place and is in the CSV", async () => {
    const db = serverDatabase(server);
    const owner = await signedUp(server.url, "leasing-owner@example.com");
    await makeOwner(db, "leasing-owner@example.com");
    await db.destroy();
    const { page: form, context } = await open("/contact", true);
    await tookTheirTime(context);
    await form.getByLabel("Name").fill("Tenant <b>Bold</b>");
    await form.getByLabel("Email").fill("tenant@example.com");
    await form.getByLabel("Message").fill("Is https://evil.example/level-2 still free?");
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await form.waitForURL(`${server.url}/contact/sent`);
    await context.close();
    const manage = await (
      await contextAs(browser, owner, { viewport: { width: 1280, height: 900 } })
    ).newPage();
    await manage.goto(`${server.url}/manage/enquiries`);
    await manage.locator("html[data-hydrated]").waitFor();
    const enquiry = manage.getByRole("article", { name: "Enquiry from Tenant <b>Bold</b>" });
    await enquiry.getByText("Is https://evil.example/level-2 still free?").waitFor();
    expect(await enquiry.getByRole("link", { name: /evil/ }).count()).toBe(0);
    expect(
      await enquiry.getByRole("link", { name: "Reply to Tenant <b>Bold</b>" }).getAttribute("href"),
    ).toMatch(/^mailto:tenant@example\.com\?subject=/);
    await enquiry.getByRole("button", { name: "Mark answered: enquiry from Tenant <b>Bold</b>" }).click();
    await enquiry.getByTestId("enquiry-status").getByText("Answered").waitFor();
    expect(new URL(manage.url()).pathname).toBe("/manage/enquiries");

    const [download] = await Promise.all([
      manage.waitForEvent("download"),
      manage.getByRole("link", { name: "Download all as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("woollahra-moncur-enquiries.csv");
    expect(await readFile(await download.path(), "utf8")).toContain('"answered","Tenant <b>Bold</b>"');

    // Axe at phone width, where a page's layout is tightest; the rules it checks do not change with width.
    const violations: string[] = [];
    await manage.setViewportSize({ width: 390, height: 900 });
    for (const path of ["/manage/enquiries", "/manage/outbox"]) {
      await manage.goto(`${server.url}${path}`);
      const results = await new AxeBuilder({ page: manage }).analyze();
      for (const v of results.violations)
        violations.push(`${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
    }
    expect(violations).toEqual([]);
    await manage.context().close();
  });
});
