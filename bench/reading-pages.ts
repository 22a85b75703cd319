/**
 * `npm run bench:reading`: what a reader's browser loads and how fast it moves on. For `/`,
 * `/home`, a post, `/woollahra` and `/about` it lists every script the page loads with its
 * size (gzip level 9, as sent by most servers; the site itself sends Brotli), then times
 * click-to-next-page in Chromium between two reading pages: the pointer rests on the link for
 * 300 ms (long enough for any prefetch on intent to start), then clicks, and the page's own
 * clock runs from the click to the next page's first paint (or, for a page the app changes on
 * the client, the frame after its heading changed). The median of 20 clicks is printed, with
 * and without the speculation rules, with how many pages came from a prefetch. Loopback only;
 * needs Chromium.
 */
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import { signedUp } from "../tests/support/author.ts";
import { chromiumFlags, findChromium } from "../tests/support/chromium.ts";
import { startServer } from "../tests/support/server.ts";

const executablePath = findChromium();
if (!executablePath) {
  console.error(
    "bench:reading needs Chromium: install it (Debian: apt-get install chromium) or set CHROME_PATH.",
  );
  process.exit(1);
}
const clicks = Number(process.env.BENCH_CLICKS ?? 20);

const server = await startServer({ LOG_LEVEL: "error" });
const author = await signedUp(server.url, "bench@example.com");
await author.post("/create-batch", {});
const slug = (await (await fetch(`${server.url}/home`)).text()).match(/href="\/blog\/([^"]+)"/)?.[1];
if (!slug) throw new Error("the seeded posts are missing from /home");
const pages = ["/", "/home", `/blog/${slug}`, "/woollahra", "/about"];

const browser = await chromium.launch({ executablePath, args: chromiumFlags });

/** Every script the page loads (files and inline), with its gzip size. */
async function scriptsOf(page: Page, path: string) {
  const files: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") files.push(request.url());
  });
  await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
  const list: { script: string; gzip: number }[] = [];
  for (const url of files) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    list.push({ script: new URL(url).pathname, gzip: gzipSync(body, { level: 9 }).length });
  }
  const inline = await page.$$eval("script:not([src])", (scripts) =>
    scripts.filter((s) => s.getAttribute("type") !== "application/ld+json").map((s) => s.textContent ?? ""),
  );
  for (const [n, text] of inline.entries())
    list.push({ script: `inline #${n + 1}`, gzip: gzipSync(text, { level: 9 }).length });
  return list;
}

const perPage: Record<string, unknown>[] = [];
for (const path of pages) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const list = await scriptsOf(page, path);
  const total = list.reduce((sum, s) => sum + s.gzip, 0);
  perPage.push({ page: path, scripts: list.length, "gzip KB": +(total / 1024).toFixed(1) });
  console.log(
    `${path}: ${list.map((s) => `${s.script} ${(s.gzip / 1024).toFixed(1)} KB`).join(", ") || "no scripts"}`,
  );
  await context.close();
}
console.table(perPage);

/**
 * Marks, in the page's own clock, when a click happened and when the next page showed: its
 * first contentful paint when it is a new document, or the frame after its heading replaced
 * the old one when the app changed page on the client. Runs in every document the tab opens.
 */
function markClickAndShow() {
  const at = (ms: number) => String(performance.timeOrigin + ms);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === "first-contentful-paint") sessionStorage.setItem("shownAt", at(entry.startTime));
  }).observe({ type: "paint", buffered: true });
  document.addEventListener(
    "click",
    (event) => {
      sessionStorage.setItem("clickedAt", at(event.timeStamp));
      sessionStorage.removeItem("shownAt");
      const from = window.location.pathname;
      const watch = () => {
        if (window.location.pathname !== from && document.querySelector("main h1"))
          requestAnimationFrame(() => sessionStorage.setItem("shownAt", at(performance.now())));
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    },
    { capture: true },
  );
}

/**
 * Median click-to-next-page time between /woollahra and /about, in ms, by the page's clock,
 * and how many of the pages arrived from a prefetch.
 */
async function clickToNextPage(speculationRules: boolean): Promise<{ median: number; prefetched: number }> {
  const context = await browser.newContext();
  await context.addInitScript(markClickAndShow);
  const page = await context.newPage();
  await page.goto(`${server.url}/woollahra`, { waitUntil: "networkidle" });
  const times: number[] = [];
  let prefetched = 0;
  for (let n = 0; n < clicks; n++) {
    const to = n % 2 === 0 ? "/about" : "/woollahra";
    // Taking the rules' script out of the document withdraws its rules (HTML's speculation rules).
    if (!speculationRules)
      await page.evaluate(() => document.querySelector('script[type="speculationrules"]')?.remove());
    const link = page.locator(`header nav ul[data-nav="desktop"] a[href="${to}"]`);
    await link.hover();
    await page.waitForTimeout(300);
    await link.click();
    const handle = await page.waitForFunction(
      (path) =>
        window.location.pathname === path &&
        sessionStorage.getItem("shownAt") !== null &&
        Number(sessionStorage.getItem("shownAt")) - Number(sessionStorage.getItem("clickedAt")),
      to,
    );
    times.push((await handle.jsonValue()) as number);
    await page.waitForLoadState("networkidle");
    const delivery = await page.evaluate(
      () =>
        (
          performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
            deliveryType?: string;
          }
        )?.deliveryType,
    );
    if (delivery === "navigational-prefetch") prefetched++;
    await page.mouse.move(0, 0);
  }
  await context.close();
  times.sort((a, b) => a - b);
  return { median: Math.round(times[Math.floor(times.length / 2)] ?? Number.NaN), prefetched };
}

const withRules = await clickToNextPage(true);
const withoutRules = await clickToNextPage(false);
console.log(
  `click to next page, median of ${clicks}: ${withRules.median} ms (${withRules.prefetched} pages from a prefetch); ` +
    `without speculation rules ${withoutRules.median} ms (${withoutRules.prefetched} from a prefetch)`,
);
await browser.close();
await server.stop();
