import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { signedUp } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import type { Visitor } from "../support/visitor.ts";

/** Where the screenshots go, to be looked at (not compared). */
const shots = path.join(tmpdir(), "wm-building-shots");

/** The owner edits the building's details in Chromium (SPEC §13), with and without JavaScript. */
describe.skipIf(!chromiumPath)("the building's details in Chromium", () => {
  let server: RunningServer;
  let db: Db;
  let browser: Browser;
  let owner: Visitor;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startServer({ RATE_LIMITS: "off" });
    db = serverDatabase(server);
    owner = await signedUp(server.url, "owner@example.com");
    await makeOwner(db, "owner@example.com");
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
  });

  async function open(route: string, width: number, javaScript = true): Promise<Page> {
    const context = await contextAs(browser, owner, {
      viewport: { width, height: 900 },
      javaScriptEnabled: javaScript,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`);
    if (javaScript) await page.locator("html[data-hydrated]").waitFor();
    return page;
  }

  it("adds, moves and fills a contact in the app, and the footer shows it after saving", async () => {
    const page = await open("/manage/building", 1280);
    await page.getByRole("button", { name: "Add a contact" }).click();
    const added = page.getByRole("group", { name: "Contact 5" });
    await added.getByLabel("Label").fill("After hours");
    await added.getByLabel("Phone (optional)").fill("0412 345 678");
    await page.getByRole("button", { name: "Move up contact 5" }).click();
    await expect(
      page.getByRole("group", { name: "Contact 4" }).getByLabel("Label").inputValue(),
    ).resolves.toBe("After hours");
    await page.getByRole("button", { name: "Save the building's details" }).click();
    await page.getByText("The building's details are saved").waitFor();
    const footer = page.locator("footer");
    await footer.getByRole("heading", { name: "After hours" }).waitFor();
    expect(await footer.getByRole("link", { name: "0412 345 678" }).getAttribute("href")).toBe(
      "tel:0412345678",
    );
    const groups = await footer.getByRole("heading", { level: 2 }).allTextContents();
    expect(groups).toEqual([
      "Trading",
      "Technical support",
      "Real estate",
      "After hours",
      "Building management",
    ]);
    await page.context().close();
  });

  it("shows a wrong field's message beside it and saves nothing, with JavaScript off too", async () => {
    for (const javaScript of [true, false]) {
      const page = await open("/manage/building", 390, javaScript);
      await page.getByLabel("Postcode").fill("NSW");
      await page.getByRole("button", { name: "Save the building's details" }).click();
      const postcode = page.getByLabel("Postcode");
      await page.getByText("Postcode must be 4 digits").waitFor();
      expect(await postcode.getAttribute("aria-invalid")).toBe("true");
      expect(await postcode.getAttribute("aria-describedby")).toBeTruthy();
      await page.context().close();
    }
    const saved = await db.selectFrom("building").select("details").executeTakeFirstOrThrow();
    expect(JSON.parse(saved.details).address.postcode).toBe("2025");
  });

  it("removes a contact without JavaScript: the form comes back without it, saved only on Save", async () => {
    const page = await open("/manage/building", 390, false);
    await page.getByRole("button", { name: "Remove contact 1" }).click();
    await page.getByRole("group", { name: "Contact 4" }).waitFor();
    expect(await page.getByRole("group", { name: "Contact 5" }).count()).toBe(0);
    expect(await page.locator("footer").getByRole("heading", { name: "Trading" }).count()).toBe(1);
    await page.getByRole("button", { name: "Save the building's details" }).click();
    await page.getByText("The building's details are saved").waitFor();
    expect(await page.locator("footer").getByRole("heading", { name: "Trading" }).count()).toBe(0);
    await page.context().close();
  });

  it("has no accessibility violations on /manage/building and /manage at 390 and 1280 px (axe), and fits a phone", async () => {
    const violations: string[] = [];
    for (const width of [390, 1280]) {
      for (const route of ["/manage/building", "/manage"]) {
        const page = await open(route, width);
        const results = await new AxeBuilder({ page }).analyze();
        for (const v of results.violations)
          violations.push(`${route} at ${width}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route} at ${width}`).toBe(
          width,
        );
        await page.screenshot({
          path: path.join(shots, `${route.slice(1).replaceAll("/", "-")}-${width}.png`),
          fullPage: true,
        });
        await page.context().close();
      }
    }
    expect(violations).toEqual([]);
  }, 300_000);
});
