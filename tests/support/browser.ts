import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from "playwright-core";
import { chromiumFlags, findChromium } from "./chromium.ts";
import { noticeOnce } from "./notices.ts";
import type { Visitor } from "./visitor.ts";

/** Chromium's path, or undefined (which CI treats as a failure, not a reason to skip). */
export const chromiumPath = findChromium();

if (!chromiumPath) {
  const message = "Chromium was not found: install it (Debian: apt-get install chromium) or set CHROME_PATH.";
  if (process.env.CI) throw new Error(message);
  noticeOnce(`${message} Skipping the browser tests.`);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
  });
}

/** A browser context that carries the visitor's cookies: signed in when the visitor is. */
export async function contextAs(
  browser: Browser,
  visitor: Visitor | undefined,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const cookies = [...(visitor?.cookies ?? [])];
  await context.addCookies(
    cookies.map(([name, value]) => ({ name, value, url: visitor?.baseUrl as string })),
  );
  return context;
}

/**
 * Opens a page as the visitor, recording the scripts it asks for and every policy violation,
 * console error and script error, and waits until its scripts have run: an app page's
 * hydration, or a reading page's small scripts (decision 025).
 */
export async function watchedPage(
  browser: Browser,
  url: string,
  options: { visitor?: Visitor; width?: number; app?: boolean } = {},
) {
  const context = await contextAs(browser, options.visitor, {
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(url);
  await page.locator(options.app ? "html[data-hydrated]" : "html[data-enhanced]").waitFor();
  return { page, scripts, problems, close: () => context.close() };
}
