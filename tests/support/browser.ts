import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from "playwright-core";
import { chromiumFlags, findChromium } from "./chromium.ts";
import type { Visitor } from "./visitor.ts";

/** Chromium's path, or undefined (which CI treats as a failure, not a reason to skip). */
export const chromiumPath = findChromium();

if (!chromiumPath) {
  const message = "Chromium was not found: install it (Debian: apt-get install chromium) or set CHROME_PATH.";
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipping the browser tests.`);
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
