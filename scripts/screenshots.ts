/**
 * `npm run screenshots -- [base URL]`: full-page PNGs of every public page at phone and
 * desktop widths into test-results/screenshots/, plus the accessibility (axe) findings.
 * Start the site first (`npm start`); the default address is http://localhost:3000. Set
 * SCREENSHOT_COOKIE to a signed-in Cookie header to include the editor and the dashboard.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "playwright-core";
import { publicPagePaths } from "../app/site/public-pages.ts";
import { chromiumPath } from "../tests/support/browser.ts";
import { chromiumFlags } from "../tests/support/chromium.ts";

const base = process.argv[2] ?? "http://localhost:3000";
const out = path.resolve(import.meta.dirname, "..", "test-results", "screenshots");
mkdirSync(out, { recursive: true });

if (!chromiumPath) {
  console.error(
    "screenshots: Chromium was not found; install it (apt-get install chromium) or set CHROME_PATH.",
  );
  process.exit(1);
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
});
const home = await (await fetch(`${base}/home`)).text();
const post = home.match(/href="(\/blog\/[^"]+)"/)?.[1];
const signedInPages = [
  "/create-post",
  "/dashboard",
  ...(post ? [`/edit-post/${post.slice("/blog/".length)}`] : []),
];
// With SCREENSHOT_COOKIE (a signed-in session's Cookie header) the editor and dashboard too.
const cookie = process.env.SCREENSHOT_COOKIE;
const pages = [
  ...publicPagePaths,
  "/login",
  "/register",
  "/status",
  "/no-such-page",
  ...(post ? [post] : []),
  ...(cookie ? signedInPages : []),
];
let findings = 0;
for (const page of pages) {
  for (const [label, width] of [
    ["phone", 390],
    ["desktop", 1280],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      extraHTTPHeaders: cookie && signedInPages.includes(page) ? { cookie } : {},
    });
    const tab = await context.newPage();
    await tab.goto(`${base}${page}`, { waitUntil: "networkidle" });
    const name = page === "/" ? "index" : page.slice(1).replace(/[^a-z0-9]+/gi, "-");
    await tab.screenshot({ path: path.join(out, `${name}-${label}.png`), fullPage: true });
    for (const violation of (await new AxeBuilder({ page: tab }).analyze()).violations) {
      findings++;
      console.log(
        `${page} @${width}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target).join(" ")}`,
      );
    }
    await context.close();
  }
}
await browser.close();
console.log(
  `${pages.length * 2} screenshots in ${path.relative(process.cwd(), out)}; ${findings} accessibility findings.`,
);
