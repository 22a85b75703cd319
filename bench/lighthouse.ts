/**
 * `npm run bench:lighthouse`: Lighthouse's mobile audit (simulated throttling, its defaults)
 * of the site's main pages, one page at a time, against the production build with a fresh
 * DATA_DIR holding the sample posts. Prints the four category scores, LCP, CLS, TBT and the
 * JavaScript and CSS bytes transferred per page, then every audit that failed.
 * Loopback only; needs Chromium.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse, { type Result } from "lighthouse";
import { signedUp } from "../tests/support/author.ts";
import { chromiumFlags, findChromium } from "../tests/support/chromium.ts";
import { freePort, startServer } from "../tests/support/server.ts";

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error(
    "bench:lighthouse needs Chromium: install it (Debian: apt-get install chromium) or set CHROME_PATH.",
  );
  process.exit(1);
}

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

interface PageResult {
  page: string;
  scores: Record<(typeof categories)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  javascriptBytes: number;
  cssBytes: number;
  failedAudits: { id: string; title: string; score: number | null; displayValue?: string }[];
}

/** Starts Chromium with a remote-debugging port for Lighthouse to drive; waits until it answers. */
async function startChromium(executable: string): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), "wm-lighthouse-"));
  const child: ChildProcess = spawn(
    executable,
    [...chromiumFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  const stop = () => {
    child.kill();
    rmSync(profile, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 100; tries++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error("Chromium did not open its debugging port");
}

/** Bytes on the wire (compressed, with headers) of the requests of one resource type. */
function transferred(report: Result, resourceType: string): number {
  const details = report.audits["network-requests"]?.details;
  if (details?.type !== "table") return Number.NaN;
  return details.items
    .filter((item) => item.resourceType === resourceType)
    .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
}

/** Audits that count towards a score and fail by Lighthouse's measure (below 0.9). */
function failedAudits(report: Result): PageResult["failedAudits"] {
  const counted = new Set(
    categories.flatMap((id) => (report.categories[id]?.auditRefs ?? []).map((ref) => ref.id)),
  );
  return Object.values(report.audits)
    .filter((audit) => counted.has(audit.id))
    .filter((audit) => ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map(({ id, title, score, displayValue }) => ({ id, title, score, displayValue }));
}

/** Runs Lighthouse on one page; a trace that failed to record (it happens on a busy machine) is retried. */
async function runLighthouse(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, {
      port,
      hostname: "127.0.0.1",
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    const error = run ? run.lhr.runtimeError : { code: "NO_RESULT", message: "Lighthouse returned nothing" };
    if (run && !error) return run.lhr;
    if (attempt === 3) throw new Error(`${url}: ${error?.message}`);
    console.warn(`${url}: ${error?.code}, running it again`);
  }
}

async function audit(url: string, page: string, port: number): Promise<PageResult> {
  const report = await runLighthouse(`${url}${page}`, port);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: Math.round(metric("largest-contentful-paint")),
    cls: +metric("cumulative-layout-shift").toFixed(3),
    tbtMs: Math.round(metric("total-blocking-time")),
    javascriptBytes: transferred(report, "Script"),
    cssBytes: transferred(report, "Stylesheet"),
    failedAudits: failedAudits(report),
  };
}

const server = await startServer({ LOG_LEVEL: "error" });
const visitor = await signedUp(server.url, "bench@example.com");
await visitor.post("/create-batch", {});
const slug = (await (await fetch(`${server.url}/home`)).text()).match(/href="\/blog\/([^"]+)"/)?.[1];
if (!slug) throw new Error("the seeded posts are missing from /home");
const pages = ["/", "/home", `/blog/${slug}`, "/woollahra", "/about"];

const chromium = await startChromium(chromiumPath);
const results: PageResult[] = [];
try {
  for (const page of pages) results.push(await audit(server.url, page, chromium.port));
} finally {
  chromium.stop();
  await server.stop();
}

const kb = (bytes: number) => +(bytes / 1024).toFixed(1);
console.table(
  results.map((r) => ({
    page: r.page,
    Perf: r.scores.performance,
    A11y: r.scores.accessibility,
    BP: r.scores["best-practices"],
    SEO: r.scores.seo,
    "LCP ms": r.lcpMs,
    CLS: r.cls,
    "TBT ms": r.tbtMs,
    "JS KB": kb(r.javascriptBytes),
    "CSS KB": kb(r.cssBytes),
  })),
);
for (const r of results) {
  for (const failed of r.failedAudits) {
    console.log(
      `${r.page}: ${failed.id} (score ${failed.score}${failed.displayValue ? `, ${failed.displayValue}` : ""})`,
    );
  }
}

const out = path.resolve(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
const file = path.join(out, `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify({ lighthouse: "mobile, simulated throttling", results }, null, 2)}\n`);
console.log(`Written ${path.relative(process.cwd(), file)}`);
