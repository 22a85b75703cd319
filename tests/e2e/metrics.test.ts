import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { password, signedUp, uploadCover } from "../support/author.ts";
import { loopbackFetch } from "../support/loopback-fetch.ts";
import { type Family, parsePrometheusText, prometheusParserAvailable, total } from "../support/prometheus.ts";
import { freePort, type RunningServer, startExpectingFailure, startServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor } from "../support/visitor.ts";

const token = "metrics-token-6f1c2a9e4b7d8035e2a1c4f7b9d0e3a6";
const bearer = { authorization: `Bearer ${token}` };

/** A scrape of the server's /metrics, read by Prometheus' own parser. */
async function scrape(url: string, headers: Record<string, string> = bearer): Promise<Map<string, Family>> {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return parsePrometheusText(await response.text());
}

/** Waits until `count` sockets listen on the port: every thread of the server is taking connections. */
async function listeningThreads(port: number, count: number): Promise<void> {
  const localPort = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  for (let tries = 0; tries < 300; tries++) {
    // Every interface is IPv6's `::` (tcp6); an IPv4 address is tcp's.
    const listening = ["/proc/net/tcp", "/proc/net/tcp6"]
      .flatMap((table) => readFileSync(table, "utf8").split("\n"))
      .map((line) => line.trim().split(/\s+/))
      // Columns: slot, local address:port, remote address:port, state (0A: listening).
      .filter(([, local, , state]) => local?.endsWith(localPort) && state === "0A");
    if (listening.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} threads listen on port ${port}`);
}

const residentBytes = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1]) * 1024;

describe.runIf(prometheusParserAvailable).each(serverDialects)(
  "metrics of a two-thread server on $name",
  (dialect: ServerDialect) => {
    let server: RunningServer;
    let dispose: () => Promise<void>;
    let families: Map<string, Family>;
    let text: string;
    const email = `metrics.${dialect.name}@example.com`;
    /** Requests to `/`, each on its own connection, so the kernel shares them between the threads. */
    const homeRequests = 40;
    const resetToken = "reset-token-that-must-never-be-a-label";
    const signedInRequests = 4;

    beforeAll(async () => {
      const prepared = await dialect.prepare();
      dispose = prepared.dispose;
      server = await startServer({ ...prepared.env, WEB_CONCURRENCY: "2", METRICS_TOKEN: token });
      await listeningThreads(Number(new URL(server.url).port), 2);
      const ownConnection = loopbackFetch({});
      for (let i = 0; i < homeRequests; i++) expect((await ownConnection(`${server.url}/`)).status).toBe(200);
      await fetch(`${server.url}/reset-password/${resetToken}`);
      const author = await signedUp(server.url, email);
      await uploadCover(author);
      // A signed-in reader's page is the cached page with their parts put in, once a thread has it.
      for (let i = 0; i < signedInRequests; i++) await author.get("/woollahra");
      // No SMTP server: the reset message waits in the outbox.
      await new Visitor(server.url).post("/forgot-password", { email });
      // Five wrong passwords, then the limit of five a minute per account turns the sixth away.
      for (let i = 0; i < 6; i++) await new Visitor(server.url).logIn(email, `${password}-wrong-${i}`);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const response = await fetch(`${server.url}/metrics`, { headers: bearer });
      text = await response.text();
      families = parsePrometheusText(text);
    });
    afterAll(async () => {
      await server?.stop();
      await dispose?.();
    });

    it("counts requests by route pattern, status and the page cache's part, for all threads together", () => {
      const requests = families.get("http_request_duration_seconds");
      expect(requests?.type).toBe("histogram");
      const home = { route: "/", method: "GET", status: "200" };
      expect(total(requests, "http_request_duration_seconds_count", home)).toBe(homeRequests);
      // Each thread renders `/` once, then answers from its cache.
      const hits = total(requests, "http_request_duration_seconds_count", { ...home, cache: "hit" });
      expect(hits).toBeGreaterThanOrEqual(homeRequests - 2);
      expect(total(requests, "http_request_duration_seconds_count", { ...home, cache: "miss" })).toBe(
        homeRequests - hits,
      );
      expect(
        total(requests, "http_request_duration_seconds_bucket", { ...home, cache: "hit", le: "+Inf" }),
      ).toBe(hits);
      expect(
        total(requests, "http_request_duration_seconds_count", {
          route: "/login",
          method: "POST",
          status: "401",
          cache: "none",
        }),
      ).toBe(5);
    });

    it("labels a request with its route's pattern, never its address", () => {
      const requests = families.get("http_request_duration_seconds");
      expect(
        total(requests, "http_request_duration_seconds_count", { route: "/reset-password/:token" }),
      ).toBe(1);
      expect(text).not.toContain(resetToken);
      const routes = new Set(requests?.samples.map((sample) => sample.labels.route));
      expect([...routes].filter((route) => !route?.startsWith("/"))).toEqual([]);
    });

    it("counts refused sign-ins and throttled requests", () => {
      const failures = families.get("woollahra_sign_in_failures");
      expect(failures?.type).toBe("counter");
      expect(total(failures, "woollahra_sign_in_failures_total", { reason: "wrong email or password" })).toBe(
        5,
      );
      expect(total(failures, "woollahra_sign_in_failures_total", { reason: "too many attempts" })).toBe(1);
      expect(
        total(families.get("woollahra_throttled_requests"), "woollahra_throttled_requests_total", {
          limit: "login-email",
        }),
      ).toBe(1);
    });

    it("reads the outbox: how many messages wait and how long the oldest has", () => {
      expect(families.get("woollahra_outbox_waiting_messages")?.samples[0]?.value).toBe(1);
      const oldest = families.get("woollahra_outbox_oldest_waiting_seconds")?.samples[0]?.value ?? 0;
      expect(oldest).toBeGreaterThanOrEqual(1);
      expect(oldest).toBeLessThan(120);
    });

    it("times image processing and database statements", () => {
      const uploads = families.get("woollahra_upload_processing_seconds");
      expect(uploads?.type).toBe("histogram");
      expect(total(uploads, "woollahra_upload_processing_seconds_count", { outcome: "stored" })).toBe(1);
      const queries = families.get("woollahra_database_query_duration_seconds");
      expect(
        total(queries, "woollahra_database_query_duration_seconds_count", { statement: "select" }),
      ).toBeGreaterThan(10);
      expect(
        total(queries, "woollahra_database_query_duration_seconds_count", { statement: "insert" }),
      ).toBeGreaterThan(0);
    });

    it("reports the event loop's lag, and the process's memory once, not once per thread", () => {
      expect(families.get("nodejs_eventloop_lag_seconds")?.type).toBe("gauge");
      expect(families.get("nodejs_heap_size_used_bytes")?.samples[0]?.value).toBeGreaterThan(0);
      const reported = families.get("process_resident_memory_bytes")?.samples[0]?.value ?? 0;
      const actual = residentBytes(server.pid);
      expect(reported).toBeGreaterThan(actual * 0.6);
      expect(reported).toBeLessThan(actual * 1.4);
    });
  },
);

describe.runIf(prometheusParserAvailable)("who may read the metrics", () => {
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServer({ WEB_CONCURRENCY: "1", ...env });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("answers nothing by default: /metrics is a page that is not there", async () => {
    const server = await start({});
    for (const headers of [{}, bearer]) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("http_request_duration_seconds");
    }
  });

  it("with METRICS_TOKEN, answers only requests that bear the token", async () => {
    const server = await start({ METRICS_TOKEN: token });
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer" },
      { authorization: `Basic ${token}` },
      { authorization: `Bearer ${token.slice(0, -1)}x` },
      { authorization: `Bearer ${token}x` },
      { cookie: `token=${token}` },
    ];
    for (const headers of refused) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("http_request_duration_seconds");
    }
    const families = await scrape(`${server.url}/metrics`);
    expect(families.has("http_request_duration_seconds")).toBe(true);
    expect((await fetch(`${server.url}/metrics`, { method: "POST", headers: bearer })).status).toBe(405);
  });

  it("with METRICS_PORT, answers only there, on the loopback interface, and not on the site's port", async () => {
    const metricsPort = await freePort();
    const server = await start({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: token });
    expect((await fetch(`${server.url}/metrics`, { headers: bearer })).status).toBe(404);
    const families = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(families.has("woollahra_sign_in_failures")).toBe(true);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    await expect(fetch(`http://127.0.0.2:${metricsPort}/metrics`, { headers: bearer })).rejects.toThrow();
  });

  it("with METRICS_PORT alone, needs no token on the loopback port", async () => {
    const metricsPort = await freePort();
    await start({ METRICS_PORT: String(metricsPort) });
    const families = await scrape(`http://127.0.0.1:${metricsPort}/metrics`, {});
    expect(families.has("process_resident_memory_bytes")).toBe(true);
  });

  it.each([
    [
      { METRICS_TOKEN: "short" },
      "woollahra-moncur: METRICS_TOKEN must be at least 32 letters, digits or - . _ ~ + / (e.g. the output of openssl rand -hex 32)",
    ],
    [{ METRICS_PORT: "none" }, "woollahra-moncur: METRICS_PORT must be a number"],
  ])("stops on a bad setting %o with one line", async (env, line) => {
    const { code, output } = await startExpectingFailure(env);
    expect(code).toBe(1);
    expect(output.trim()).toBe(line);
  });

  it("stops with one line when METRICS_PORT is the site's port or is taken", async () => {
    const port = String(await freePort());
    const same = await startExpectingFailure({ PORT: port, METRICS_PORT: port });
    expect(same.output.trim()).toBe(
      "woollahra-moncur: METRICS_PORT must be another port than PORT (the metrics stay off the site's port)",
    );
    const running = await start({});
    const taken = new URL(running.url).port;
    const clash = await startExpectingFailure({ METRICS_PORT: taken });
    expect(clash.code).toBe(1);
    expect(clash.output.trim()).toBe(`woollahra-moncur: METRICS_PORT ${taken} is already in use`);
  });
});
