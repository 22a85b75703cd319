import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { signedUp } from "./author.ts";
import { contextAs, launchBrowser } from "./browser.ts";
import { makeOwner } from "./owners.ts";
import { type RunningServer, startServer } from "./server.ts";
import { serverDatabase } from "./server-database.ts";
import type { Visitor } from "./visitor.ts";

export interface OwnerInBrowser {
  server: RunningServer;
  db: Db;
  browser: Browser;
  owner: Visitor;
  /** Opens a page as the owner, or as a visitor (`null`), once its scripts have run. */
  open(route: string, width: number, options?: { as?: Visitor | null; javaScript?: boolean }): Promise<Page>;
}

/**
 * A suite's server with an owner signed up, and Chromium: started before the suite's tests,
 * stopped after them. The returned object is filled in once they have started.
 */
export function ownerInBrowser(): OwnerInBrowser {
  const suite = {} as OwnerInBrowser;
  beforeAll(async () => {
    suite.server = await startServer({ RATE_LIMITS: "off" });
    suite.db = serverDatabase(suite.server);
    suite.owner = await signedUp(suite.server.url, "owner@example.com");
    await makeOwner(suite.db, "owner@example.com");
    suite.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.db?.destroy();
    await suite.server?.stop();
  });
  suite.open = async (route, width, { as = suite.owner, javaScript = true } = {}) => {
    const context = await contextAs(suite.browser, as ?? undefined, {
      viewport: { width, height: 900 },
      javaScriptEnabled: javaScript,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}${route}`);
    if (javaScript) await page.locator(as ? "html[data-hydrated]" : "html[data-enhanced]").waitFor();
    return page;
  };
  return suite;
}

/**
 * Checks the page with axe (its violations are returned, to be reported together), that it
 * fits its width, and, for an owner's page, that no control lies beyond it; then saves a
 * screenshot into `shots`, to be looked at.
 */
export async function checkedPage(
  page: Page,
  shots: string,
  name: string,
  owners: boolean,
): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  const results = await new AxeBuilder({ page }).analyze();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBe(width);
  if (owners) {
    // Every control lies within the page's width: none waits behind sideways scrolling.
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll("main button, main a, main input, main select, main textarea")]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
        })
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(outside, `${name} at ${width}`).toEqual([]);
  }
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  return results.violations.map(
    (v) => `${name} at ${width}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`,
  );
}

/** Where a suite's screenshots go. */
export const shotsFolder = (name: string) => path.join(tmpdir(), name);
