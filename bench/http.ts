/**
 * `npm run bench:http`: requests per second and latency of the site's main pages at 32
 * connections, with 10, 1 000 and 100 000 posts, next to nginx serving the very same bytes
 * from files in the same run. Prints site ÷ nginx for each page, the server's memory at the
 * end and its cold start; at the largest size, its memory again after a hostile flood of
 * addresses and 12-megapixel uploads. Loopback only; needs wrk and nginx (Debian: apt-get
 * install wrk nginx).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { migrateToLatest, openDatabase } from "../app/.server/db/database.ts";
import { observedRequests } from "../server/request-metrics.ts";
import { signedUp } from "../tests/support/author.ts";
import { photoJpeg } from "../tests/support/images.ts";
import { freePort, type RunningServer, startServer } from "../tests/support/server.ts";
import { tusUploadWaitingOutBusy } from "../tests/support/tus.ts";

/** A whole-number setting from the environment, at least `least`; a wrong one stops the run with one line. */
function setting(name: string, fallback: number, least: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (Number.isInteger(value) && value >= least) return value;
  console.error(
    `bench:http: ${name} must be a whole number of at least ${least} (got "${process.env[name]}").`,
  );
  process.exit(1);
}

const postCounts = (process.env.BENCH_POSTS ?? "10,1000,100000").split(",").map(Number);
if (!postCounts.every((count) => Number.isInteger(count) && count >= 1)) {
  console.error(`bench:http: BENCH_POSTS must be post counts separated by commas, such as 10,1000.`);
  process.exit(1);
}
const seconds = setting("BENCH_SECONDS", 5, 1);
/** An uncounted turn before each measured one (see `warmedWrk`); 0 for none. */
const warmSeconds = setting("BENCH_WARM_SECONDS", 3, 0);
/** Turns of metrics off, then on (then on, then off…) per cached page, for the cost of counting; 0 skips it. */
const metricsRounds = setting("BENCH_METRICS_ROUNDS", 4, 0);
/** The size at which the metrics' cost is measured: 1 000 posts when that size runs, else the first. */
const metricsPosts = postCounts.includes(1000) ? 1000 : postCounts[0];
const connections = 32;
// WEB_CONCURRENCY=1 measures the server with one thread (memory, rate); unset, one per core.
const threads: Record<string, string> = process.env.WEB_CONCURRENCY
  ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY }
  : {};

for (const tool of ["wrk", "nginx"]) {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
  } catch {
    console.error(`bench:http needs ${tool}: install it (Debian: apt-get install wrk nginx).`);
    process.exit(1);
  }
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  /** Requests wrk completed. */
  requests: number;
}

/** Runs wrk and reads requests per second and the 50th and 99th percentile latency (ms). */
function wrk(url: string, headers: string[] = [], duration = seconds): Measure {
  const output = execFileSync(
    "wrk",
    ["-t2", `-c${connections}`, `-d${duration}s`, "--latency", ...headers.flatMap((h) => ["-H", h]), url],
    { encoding: "utf8" },
  );
  const ms = (label: string) => {
    const match = output.match(new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`));
    if (!match) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
  };
  return {
    rps: Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1]),
    p50: ms("50"),
    p99: ms("99"),
    requests: Number(output.match(/(\d+) requests in/)?.[1]),
  };
}

/**
 * wrk after an uncounted turn of `warmSeconds` on the same address. A server that has just
 * started, or just met a new kind of request (a signed-in reader's first page loads the
 * session code), still compiles and optimises code and grows its heap: an eighth to a fifth
 * of a signed-in turn's CPU went there. A site runs for days, so each measured turn starts
 * warm, nginx's too.
 */
function warmedWrk(url: string, headers: string[] = []): Measure {
  if (warmSeconds > 0) wrk(url, headers, warmSeconds);
  return wrk(url, headers);
}

/** One line of the table: the site's figures next to nginx's for the same bytes. */
function row(posts: number | string, page: string, site: Measure, reference: Measure) {
  return {
    posts,
    page,
    "site req/s": Math.round(site.rps),
    "site p50 ms": site.p50,
    "site p99 ms": site.p99,
    "nginx req/s": Math.round(reference.rps),
    "site ÷ nginx": +(site.rps / reference.rps).toFixed(3),
  };
}

/** Fills a fresh database with `count` posts sharing one cover, the newest first. */
async function seed(dataDir: string, count: number): Promise<void> {
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  await migrateToLatest(db);
  await db
    .insertInto("images")
    .values({ id: "bench-cover", userId: null, width: 1260, height: 750, fallback: "jpeg", createdAt: 0 })
    .execute();
  const started = Date.UTC(2023, 0, 1);
  for (let from = 0; from < count; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - from) }, (_, i) => {
      const n = from + i;
      return {
        slug: `post-${n}-${n % 1000}`,
        title: `Notes from Moncur Street, number ${n}`,
        content: `## Number ${n}\n\nA **short** post about the village, with a [link](https://example.org).\n\n- one\n- two`,
        publishedOn: started + n * 60_000,
        coverImageId: "bench-cover",
        userId: null,
        submissionId: null,
      };
    });
    await db.insertInto("posts").values(rows).execute();
  }
  await db.destroy();
}

function startNginx(root: string, port: number): ChildProcess {
  const conf = path.join(root, "nginx.conf");
  writeFileSync(
    conf,
    `user root; worker_processes auto; pid ${root}/nginx.pid; error_log ${root}/error.log;
events { worker_connections 1024; }
http { access_log off; default_type text/html; sendfile on; keepalive_requests 100000;
  server { listen 127.0.0.1:${port}; root ${root}/pages; } }
`,
  );
  return spawn("nginx", ["-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
}

async function waitFor(url: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

const rows: ReturnType<typeof row>[] = [];
const results: Record<string, unknown>[] = [];

interface MetricsCost {
  page: string;
  "off req/s": number;
  "on req/s": number;
  "req/s on ÷ off": number;
  "off CPU µs/req": number;
  "on CPU µs/req": number;
  "CPU on ÷ off": number;
}
const metricsCost: MetricsCost[] = [];

/** CPU time the process has used, all its threads together, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime, in clock ticks of 10 ms (fields 14 and 15 of proc(5)).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * What counting costs on cached pages: two new servers on the same data, one with the metrics
 * on (METRICS_TOKEN, scraped as wrk runs), one without, measured in turns. Besides requests
 * a second, which other work on the machine moves a lot, each turn gives the server's CPU
 * time per request, which it moves less.
 */
async function measureMetricsCost(dataDir: string, pages: string[]): Promise<MetricsCost[]> {
  const token = "bench-metrics-token-00000000000000000000";
  const off = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "error", ...threads });
  const on = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "error", METRICS_TOKEN: token, ...threads });
  const costs: MetricsCost[] = [];
  try {
    // New servers have code yet to be optimised and pages yet to be cached in every thread:
    // turns not counted put both in the same state.
    for (let warming = 0; warming < 2; warming++)
      for (const page of pages) for (const server of [off, on]) wrk(`${server.url}${page}`);
    for (const page of pages) {
      const turns = {
        off: { rps: [] as number[], cpu: [] as number[] },
        on: { rps: [] as number[], cpu: [] as number[] },
      };
      for (let round = 0; round < metricsRounds; round++) {
        const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
        for (const which of order) {
          const server = which === "on" ? on : off;
          const scraping = which === "on" ? scrapeEvery5Seconds(`${on.url}/metrics`, token) : undefined;
          const cpuBefore = cpuMicros(server.pid);
          const measure = wrk(`${server.url}${page}`);
          turns[which].cpu.push((cpuMicros(server.pid) - cpuBefore) / measure.requests);
          turns[which].rps.push(measure.rps);
          scraping?.stop();
        }
      }
      // Each round's two turns ran side by side in time: their ratio cancels the machine's drift.
      const ratio = (of: "rps" | "cpu") =>
        median(turns.on[of].map((value, i) => value / (turns.off[of][i] ?? 0)));
      costs.push({
        page,
        "off req/s": Math.round(median(turns.off.rps)),
        "on req/s": Math.round(median(turns.on.rps)),
        "req/s on ÷ off": +ratio("rps").toFixed(3),
        "off CPU µs/req": +median(turns.off.cpu).toFixed(1),
        "on CPU µs/req": +median(turns.on.cpu).toFixed(1),
        "CPU on ÷ off": +ratio("cpu").toFixed(3),
      });
      results.push({ metrics: page, ...turns });
    }
  } finally {
    await Promise.all([off.stop(), on.stop()]);
  }
  return costs;
}

/**
 * What observing a request costs, in this process: CPU time per request of the server's
 * request handler wrapped with its id and access-log line (to /dev/null), with the metrics'
 * counting too when `counted`, less unwrapped, for a response written before the handler
 * returns (a cached page). Other work on the machine barely moves it, unlike the turns above.
 */
function observingNanos(counted: boolean): number {
  const answer = (_req: IncomingMessage, res: ServerResponse) => {
    Object.assign(res, { writableEnded: true });
  };
  const observed = observedRequests(answer, {
    patternOf: () => "/",
    keyFor: () => "/",
    logger: pino(pino.destination({ dest: "/dev/null", sync: true })),
    counted,
  });
  const request = { url: "/", method: "GET" } as IncomingMessage;
  const cpuNanos = (handler: typeof answer) => {
    const started = process.cpuUsage();
    for (let i = 0; i < 1_000_000; i++) {
      handler(request, {
        statusCode: 200,
        writableEnded: false,
        setHeader() {},
      } as unknown as ServerResponse);
    }
    const { user, system } = process.cpuUsage(started);
    return (user + system) / 1000;
  };
  const differences: number[] = [];
  for (let round = 0; round < 5; round++) differences.push(cpuNanos(observed) - cpuNanos(answer));
  return median(differences);
}

/**
 * Asks for the metrics as wrk starts, then every 5 s until stopped (three times as often as
 * a usual 15 s scrape interval); from a child process, since wrk holds this one.
 */
function scrapeEvery5Seconds(url: string, token: string): { stop(): void } {
  const scraper = `const scrape = () => fetch(${JSON.stringify(url)}, { headers: { authorization: "Bearer ${token}" } })
    .then((response) => response.arrayBuffer(), () => {});
  scrape();
  setInterval(scrape, 5000);`;
  const child = spawn(process.execPath, ["-e", scraper], { stdio: "ignore" });
  return { stop: () => child.kill("SIGKILL") };
}
/**
 * The server's resident memory, all its threads together (they share one process), in MB;
 * `kind` "RssFile" gives the part that is mapped files (code: Node's, libvips'…) alone.
 */
function residentMb(pid: number, kind: "VmRSS" | "RssFile" = "VmRSS"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(status.match(new RegExp(`${kind}:\\s+(\\d+)`))?.[1]) / 1024);
}

/** How long the server is left alone before a memory reading, so collections and frees settle. */
const settleMs = 10_000;
const floodAddresses = 2000;

/**
 * What a hostile visitor can make the server hold: 2 000 addresses no one asked for before
 * (made-up posts, query strings, tag pages, searches), 16 at a time, then four 12-megapixel
 * photos uploaded at once by four accounts over tus (a busy server's 503 is waited out and
 * the upload resumed, as the site's uploader does). Returns the memory after each, settled.
 */
async function hostileRun(
  server: RunningServer,
): Promise<{ afterFloodMb: number; afterUploadsMb: number; filesAfterUploadsMb: number }> {
  const kinds = [
    (n: number) => `/blog/made-up-post-${n}`,
    (n: number) => `/home?page=${n}`,
    (n: number) => `/?utm_source=flood-${n}`,
    (n: number) => `/tags/made-up-tag-${n}`,
    (n: number) => `/woollahra?ref=${n}`,
    (n: number) => `/search?q=moncur+${n}`,
  ];
  const addresses = Array.from({ length: floodAddresses }, (_, n) => kinds[n % kinds.length]?.(n) ?? "/");
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < addresses.length) await (await fetch(`${server.url}${addresses[next++]}`)).arrayBuffer();
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const afterFloodMb = residentMb(server.pid);

  const photo = await photoJpeg(4000, 3000, 92);
  const uploaders = await Promise.all([1, 2, 3, 4].map((n) => signedUp(server.url, `flood${n}@example.com`)));
  await Promise.all(
    uploaders.map(async (uploader) => {
      const { outcome } = await tusUploadWaitingOutBusy(server.url, photo, {
        cookie: uploader.cookieHeader,
        chunkSize: 5 * 1024 * 1024,
      });
      if (!outcome.id) throw new Error(`upload failed: ${outcome.status} ${outcome.message}`);
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return {
    afterFloodMb,
    afterUploadsMb: residentMb(server.pid),
    filesAfterUploadsMb: residentMb(server.pid, "RssFile"),
  };
}

const largest = Math.max(...postCounts);

for (const count of postCounts) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "wm-bench-"));
  await seed(dataDir, count);
  const started = performance.now();
  const server: RunningServer = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "error", ...threads });
  const coldStartMs = Math.round(performance.now() - started);

  const visitor = await signedUp(server.url, "bench@example.com");
  const newest = `/blog/post-${count - 1}-${(count - 1) % 1000}`;
  const pages = ["/", "/home", ...(count > 600 ? ["/home?page=50"] : []), newest, "/woollahra"];

  const root = mkdtempSync(path.join(tmpdir(), "wm-nginx-"));
  mkdirSync(path.join(root, "pages"));
  for (const [n, page] of pages.entries()) {
    writeFileSync(path.join(root, "pages", `${n}.html`), await (await fetch(`${server.url}${page}`)).text());
  }
  const nginxPort = await freePort();
  const nginx = startNginx(root, nginxPort);
  process.once("exit", () => nginx.kill("SIGQUIT"));
  await waitFor(`http://127.0.0.1:${nginxPort}/0.html`);

  for (const [n, page] of pages.entries()) {
    await (await fetch(`${server.url}${page}`)).text();
    const site = warmedWrk(`${server.url}${page}`);
    const reference = warmedWrk(`http://127.0.0.1:${nginxPort}/${n}.html`);
    rows.push(row(count, page, site, reference));
    results.push({ posts: count, page, site, nginx: reference });
  }
  if (count === metricsPosts && metricsRounds > 0)
    metricsCost.push(...(await measureMetricsCost(dataDir, pages)));
  const signedIn = warmedWrk(`${server.url}${newest}`, [`Cookie: ${visitor.cookieHeader}`]);
  const reference = warmedWrk(`http://127.0.0.1:${nginxPort}/${pages.indexOf(newest)}.html`);
  rows.push(row(count, `${newest} (signed in)`, signedIn, reference));
  const rssMb = residentMb(server.pid);
  results.push({ posts: count, page: newest, signedIn, nginx: reference, rssMb, coldStartMs });
  console.log(`${count} posts: server RSS ${rssMb} MB after the run, cold start ${coldStartMs} ms`);
  if (count === largest) {
    const hostile = await hostileRun(server);
    results.push({ posts: count, hostile });
    console.log(
      `${count} posts: server RSS ${hostile.afterFloodMb} MB after ${floodAddresses} new addresses, ` +
        `${hostile.afterUploadsMb} MB after four 12 MP uploads besides (each ${settleMs / 1000} s later; ` +
        `${hostile.filesAfterUploadsMb} MB of it mapped files, as code)`,
    );
  }
  nginx.kill("SIGQUIT");
  await server.stop();
}

/**
 * The reference for the signed-in rows: the smallest React Router app rendering a page from
 * one SQLite read (bench/minimal-app.ts), next to nginx serving its bytes.
 */
async function measureMinimalApp(): Promise<Measure> {
  const dir = mkdtempSync(path.join(tmpdir(), "wm-minimal-"));
  const port = await freePort();
  const app = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "minimal-app.ts"), String(port), path.join(dir, "notes.db")],
    { env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" }, stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}/note/1`;
  await waitFor(url);
  mkdirSync(path.join(dir, "pages"));
  writeFileSync(path.join(dir, "pages", "0.html"), await (await fetch(url)).text());
  const nginxPort = await freePort();
  const nginx = startNginx(dir, nginxPort);
  await waitFor(`http://127.0.0.1:${nginxPort}/0.html`);
  const site = warmedWrk(url);
  const reference = warmedWrk(`http://127.0.0.1:${nginxPort}/0.html`);
  rows.push(row("-", "minimal React Router app, one process (reference)", site, reference));
  results.push({ page: "minimal React Router app", site, nginx: reference });
  nginx.kill("SIGQUIT");
  app.kill("SIGTERM");
  return site;
}

const minimal = await measureMinimalApp();
console.table(rows);
if (metricsCost.length > 0) {
  console.log(
    `Metrics on ÷ off, cached pages at ${metricsPosts} posts (median of ${metricsRounds} turns each):`,
  );
  console.table(metricsCost);
  const loggingNs = observingNanos(false);
  const countingNs = observingNanos(true) - loggingNs;
  const pageMicros = median(metricsCost.map((cost) => cost["off CPU µs/req"]));
  const share = (ns: number) => `${(ns / 10 / pageMicros).toFixed(1)} % of a cached page's ${pageMicros} µs`;
  console.log(
    `Each request's id and access-log line: ${Math.round(loggingNs)} ns of CPU, ${share(loggingNs)}`,
  );
  console.log(
    `The metrics' counting besides: ${Math.round(countingNs)} ns of CPU a request, ${share(countingNs)}`,
  );
  results.push({ loggingNs, countingNs, pageMicros });
}
for (const line of rows.filter((r) => r.page.includes("signed in"))) {
  const ratio = (line["site req/s"] / minimal.rps).toFixed(2);
  console.log(
    `${line.posts} posts, signed-in post: ${ratio}× the minimal React Router app's pages per second`,
  );
}
const out = path.resolve(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "http.json"), `${JSON.stringify({ connections, seconds, results }, null, 2)}\n`);
