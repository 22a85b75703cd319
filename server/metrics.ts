import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { BroadcastChannel, threadId } from "node:worker_threads";
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  type MetricObjectWithValues,
  type MetricValue,
} from "prom-client";
import type { MetricsConfig } from "../app/.server/config.ts";
import { metrics } from "../app/.server/metrics.ts";
import { fail } from "./fail.ts";

type ThreadMetrics = MetricObjectWithValues<MetricValue<string>>[];

type Message =
  | { kind: "ask"; id: number; from: number }
  | { kind: "answer"; id: number; to: number; metrics: ThreadMetrics };

/** How long a scrape waits for the other threads (one that is restarting does not answer). */
const threadAnswerMs = 2_000;

/**
 * The whole server's numbers, however many threads serve it: the thread that answers a scrape
 * asks the others for theirs over a channel every thread of the process listens on, and adds
 * them up as prom-client adds up a cluster's workers. What `process_*` families report (CPU,
 * resident memory, open files) is the process's own whichever thread reads it, so those are
 * taken once, not summed.
 */
function wholeServer(threads: number): () => Promise<string> {
  const { registry } = metrics();
  if (threads === 1) return () => registry.metrics();
  const channel = new BroadcastChannel("woollahra:metrics");
  channel.unref();
  const asked = new Map<number, (metrics: ThreadMetrics) => void>();
  let lastId = 0;
  channel.onmessage = async (event) => {
    const message = (event as { data: Message }).data;
    if (message.kind === "ask")
      channel.postMessage({
        kind: "answer",
        id: message.id,
        to: message.from,
        metrics: await registry.getMetricsAsJSON(),
      } satisfies Message);
    else if (message.to === threadId) asked.get(message.id)?.(message.metrics);
  };
  return async () => {
    const id = ++lastId;
    const others: ThreadMetrics[] = [];
    const answered = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, threadAnswerMs);
      asked.set(id, (metrics) => {
        others.push(metrics);
        if (others.length < threads - 1) return;
        clearTimeout(timer);
        resolve();
      });
    });
    channel.postMessage({ kind: "ask", id, from: threadId } satisfies Message);
    const own = await registry.getMetricsAsJSON();
    await answered;
    asked.delete(id);
    const all = [own, ...others];
    for (const family of all.flat()) if (family.name.startsWith("process_")) family.aggregator = "first";
    return AggregatorRegistry.aggregate(all).metrics();
  };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether the request bears the token, compared in constant time. */
function bearsToken(req: IncomingMessage, token: string): boolean {
  const [scheme, given] = (req.headers.authorization ?? "").split(" ", 2);
  if (scheme?.toLowerCase() !== "bearer" || !given) return false;
  return timingSafeEqual(digest(given), digest(token));
}

const isMetricsPath = (url: string | undefined) =>
  url === "/metrics" || url?.startsWith("/metrics?") === true;

/**
 * GET /metrics in Prometheus' text format (decision 035), off unless configured: with
 * METRICS_PORT, only on that port of the loopback interface (the first thread listens there);
 * else, with METRICS_TOKEN, on the site's own port to requests bearing the token. With both,
 * the loopback port asks for the token too.
 */
export function serveMetrics(config: MetricsConfig, threads: number) {
  collectDefaultMetrics({ register: metrics().registry });
  const collect = wholeServer(threads);
  const { token, port } = config;

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const headers = { "Cache-Control": "no-store" };
    if (req.method !== "GET" && req.method !== "HEAD") {
      res
        .writeHead(405, { ...headers, Allow: "GET, HEAD", "Content-Type": "text/plain" })
        .end("Method Not Allowed\n");
      return;
    }
    if (token && !bearsToken(req, token)) {
      res
        .writeHead(401, {
          ...headers,
          "WWW-Authenticate": 'Bearer realm="metrics"',
          "Content-Type": "text/plain",
        })
        .end("Unauthorized\n");
      return;
    }
    collect().then(
      (text) => {
        res.writeHead(200, { ...headers, "Content-Type": metrics().registry.contentType });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      () => res.writeHead(500, { ...headers, "Content-Type": "text/plain" }).end("Internal Server Error\n"),
    );
  };

  return {
    /** On the site's port: answers /metrics when they are served there; false for every other request. */
    answers(req: IncomingMessage, res: ServerResponse): boolean {
      if (port !== undefined || !isMetricsPath(req.url)) return false;
      answer(req, res);
      return true;
    },

    /** Listens on the loopback port, when there is one (in the first thread only). */
    listen(): Promise<void> {
      if (port === undefined) return Promise.resolve();
      const server = createServer((req, res) => {
        if (isMetricsPath(req.url)) return answer(req, res);
        res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found\n");
      });
      server.unref();
      return new Promise((resolve) => {
        server.once("error", (error: NodeJS.ErrnoException) =>
          fail(error.code === "EADDRINUSE" ? `METRICS_PORT ${port} is already in use` : error.message),
        );
        server.listen({ port, host: "127.0.0.1" }, resolve);
      });
    },
  };
}
