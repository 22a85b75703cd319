import { type Browser, chromium } from "playwright-core";
import { chromiumFlags, findChromium } from "./chromium.ts";

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
