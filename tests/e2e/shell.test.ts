import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sydneyYear } from "~/site/dates.ts";
import { mainNav } from "~/site/nav.ts";
import { chromiumPath, launchBrowser } from "../support/browser.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { visibleText } from "../support/visitor.ts";

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

describe.skipIf(!chromiumPath)("the site shell in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The About page's heading, as the server sends it. */
  async function aboutHeading(): Promise<string> {
    const html = await (await fetch(`${server.url}/about`)).text();
    return visibleText(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "missing");
  }

  async function open(path: string, viewport = desktop, javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({ viewport, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  /**
   * Opens a reading page once its small scripts run, marking its window and recording every
   * document the tab loads from then on. A new document loses the mark.
   */
  async function openReading(path: string): Promise<{ page: Page; documents: string[] }> {
    const page = await open(path);
    await page.locator("html[data-enhanced]").waitFor();
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    return { page, documents };
  }

  /** How the browser got the page shown: "navigational-prefetch" when speculation rules prefetched it. */
  const deliveryType = (page: Page) =>
    page.evaluate(
      () =>
        (
          performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
            deliveryType?: string;
          }
        )?.deliveryType ?? "",
    );

  it("shows the brand, the six links, Login and Register, in order", async () => {
    const page = await open("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Woollahra Moncur" }).getAttribute("href")).resolves.toBe("/");
    const links = nav.locator("[data-nav=desktop] > li > a");
    expect(
      await links.evaluateAll((as) => as.map((a) => a.getAttribute("aria-label") ?? a.textContent)),
    ).toEqual([...mainNav.map((item) => item.label), "Search posts", "Login", "Register"]);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      ...mainNav.map((item) => item.href),
      "/search",
      "/login",
      "/register",
    ]);
    await page.context().close();
  });

  it("each navigation link leads where the spec says", async () => {
    const page = await open("/about");
    const fresh = await page.context().newPage();
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of mainNav) {
      await nav.locator("[data-nav=desktop]").getByRole("link", { name: item.label, exact: true }).click();
      await page.waitForURL(`${server.url}${item.href}`);
      // The same page as a fresh load of the address shows, not an error page in its place.
      await fresh.goto(`${server.url}${item.href}`);
      const heading = (await fresh.locator("h1").textContent()) ?? "";
      expect(heading).not.toBe("404 Page Not Found");
      await page.locator("h1", { hasText: heading }).waitFor();
      await expect(page.locator("h1").count()).resolves.toBe(1);
    }
    await page.context().close();
  });

  it("marks the link of the page shown as the current page, in both menus", async () => {
    const page = await open("/woollahra");
    for (const menu of ["desktop", "phone"]) {
      const current = page.locator(`[data-nav=${menu}] a[aria-current=page]`);
      expect(await current.allTextContents()).toEqual(["Woollahra"]);
    }
    await page.locator("[data-nav=desktop]").getByRole("link", { name: "About", exact: true }).click();
    await page.waitForURL(`${server.url}/about`);
    await page.locator("[data-nav=desktop] a[aria-current=page]", { hasText: "About" }).waitFor();
    expect(await page.locator("[data-nav=desktop] a[aria-current=page]").count()).toBe(1);
    await page.goto(`${server.url}/building/`);
    expect(await page.locator("[data-nav=desktop] a[aria-current=page]").allTextContents()).toEqual([
      "Building",
    ]);
    await page.context().close();
  });

  it("follows a reading page's links as document loads (reading pages do not hydrate)", async () => {
    const { page, documents } = await openReading("/about");
    await page.locator("[data-nav=desktop]").getByRole("link", { name: "Commercial", exact: true }).click();
    await page.waitForURL(`${server.url}/commercial`);
    await page
      .locator("footer")
      .getByRole("link", { name: /Alex Example/ })
      .click();
    await page.waitForURL(`${server.url}/alex-example`);
    await page.locator("h1", { hasText: "Alex Example" }).waitFor();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
    expect(documents).toEqual(["/commercial", "/alex-example"]);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await page.context().close();
  });

  it("prefetches a page by the speculation rules when the pointer rests on its link, then shows it", async () => {
    const { page } = await openReading("/about");
    const link = page.locator("main").getByRole("link", { name: "our building", exact: true });
    // "moderate" eagerness: the pointer pressing the link starts the prefetch, which the
    // navigation on release then uses.
    await link.click();
    await page.waitForURL(`${server.url}/building`);
    await page.locator("h1", { hasText: "The building on Moncur Street" }).waitFor();
    expect(await deliveryType(page)).toBe("navigational-prefetch");
    await page.context().close();
  });

  it("leaves a click with a modifier key to the browser: the page opens in a new tab", async () => {
    const { page } = await openReading("/about");
    const opened = page.context().waitForEvent("page");
    await page
      .locator("[data-nav=desktop]")
      .getByRole("link", { name: "Woollahra", exact: true })
      .click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    await tab.waitForURL(`${server.url}/woollahra`);
    expect(page.url()).toBe(`${server.url}/about`);
    await page.context().close();
  });

  it("shows the banner, the footer's contact groups, profile links and this year", async () => {
    const page = await open("/");
    const banner = page.locator("img[alt^='Illustration of a row of Victorian terraces']");
    await expect(banner.getAttribute("fetchpriority")).resolves.toBe("high");
    const footer = page.locator("footer");
    for (const group of ["Trading", "Technical support", "Real estate", "Building management"]) {
      await expect(footer.getByRole("heading", { name: group }).count()).resolves.toBe(1);
    }
    await expect(footer.getByRole("link", { name: /Alex Example/ }).getAttribute("href")).resolves.toBe(
      "/alex-example",
    );
    await expect(footer.getByRole("link", { name: /Jamie Sample/ }).getAttribute("href")).resolves.toBe(
      "/jamie-sample",
    );
    await expect(footer.getByRole("link", { name: /Follow/ }).count()).resolves.toBe(1);
    expect(await footer.textContent()).toContain(`© ${sydneyYear()}`);
    await expect(page.getByText("Development mode").count()).resolves.toBe(0);
    await page.context().close();
  });

  it("shows 404 Page Not Found with status 404 for an unknown address", async () => {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/nowhere-at-all`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("404 Page Not Found");
    await context.close();
  });

  it("collapses the links into a menu button on phones, which folds away once a page is chosen", async () => {
    const { page } = await openReading("/");
    await page.setViewportSize(phone);
    const desktopLinks = page.locator("[data-nav=desktop]");
    expect(await desktopLinks.isVisible()).toBe(false);
    const menu = page.locator("nav details > summary");
    await menu.click();
    await page.locator("[data-nav=phone]").getByRole("link", { name: "Commercial" }).click();
    await page.waitForURL(`${server.url}/commercial`);
    await page.locator("nav details:not([open])").waitFor();
    expect(await page.locator("[data-nav=phone]").isVisible()).toBe(false);
    await page.context().close();
  });

  it("opens the phone menu with JavaScript off too", async () => {
    const page = await open("/", phone, false);
    await page.locator("nav details > summary").click();
    await page.locator("[data-nav=phone]").getByRole("link", { name: "About" }).click();
    await page.waitForURL(`${server.url}/about`);
    await expect(page.locator("h1").textContent()).resolves.toBe(await aboutHeading());
    await page.context().close();
  });

  it("has no accessibility violations in the shell (axe)", async () => {
    for (const viewport of [desktop, phone]) {
      const page = await open("/status", viewport);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      await page.context().close();
    }
  });
});
