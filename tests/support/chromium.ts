import { existsSync } from "node:fs";

const candidates = [
  process.env.CHROME_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
];

/** Chromium's path: CHROME_PATH, then the usual install paths; undefined when none exists. */
export function findChromium(): string | undefined {
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

/** The flags every headless Chromium of the tests and benchmarks runs with. */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
