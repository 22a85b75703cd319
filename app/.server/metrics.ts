import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { singleton } from "./singleton.ts";

/**
 * The numbers the server counts for its operator (decision 035), in one registry that the
 * bundled application and `server.ts` share (a global singleton, as the logger is). Every
 * label has a short, fixed set of values: route patterns, never addresses; limit names,
 * never the address or account a limit is kept for. Counting is cheap and always on; only
 * answering `/metrics` is switched on (METRICS_TOKEN, METRICS_PORT).
 */
export function metrics() {
  return singleton("metrics", () => {
    const registry = new Registry();
    const registers = [registry];
    return {
      registry,
      requests: new Histogram({
        name: "http_request_duration_seconds",
        help: "Requests by route pattern, method, status and whether the page cache answered (hit), could have but did not (miss) or does not keep the route (none); _count is the number of requests",
        labelNames: ["route", "method", "status", "cache"] as const,
        // From a cached page (a tenth of a millisecond) to a slow render.
        buckets: [
          0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
        ],
        registers,
      }),
      signInFailures: new Counter({
        name: "woollahra_sign_in_failures_total",
        help: "Log-ins refused: a wrong email or password, too many attempts, a suspended account",
        labelNames: ["reason"] as const,
        registers,
      }),
      throttled: new Counter({
        name: "woollahra_throttled_requests_total",
        help: "Requests turned away by a limit (log-ins, registrations, posts, uploads, enquiries…) or because every image slot was busy",
        labelNames: ["limit"] as const,
        registers,
      }),
      uploadProcessing: new Histogram({
        name: "woollahra_upload_processing_seconds",
        help: "Time to turn an uploaded image into its stored variants, by outcome",
        labelNames: ["outcome"] as const,
        buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
        registers,
      }),
      databaseQueries: new Histogram({
        name: "woollahra_database_query_duration_seconds",
        help: "Database statements by kind and outcome, from sending to the last row",
        labelNames: ["statement", "outcome"] as const,
        buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
        registers,
      }),
    };
  });
}

export interface WaitingMessages {
  count: number;
  /** When the oldest of them was written (ms since the epoch), or null when none waits. */
  oldestCreatedAt: number | null;
}

/** The outbox's gauges, read from the database when scraped: kept by one thread only. */
export function watchOutbox(waiting: () => Promise<WaitingMessages>): void {
  singleton("outbox metrics", () => {
    const { registry } = metrics();
    let reading: Promise<WaitingMessages | undefined> | undefined;
    // One query serves both gauges of a scrape; while the database is away they keep their last values.
    const read = () => {
      reading ??= waiting()
        .catch(() => undefined)
        .finally(() => {
          reading = undefined;
        });
      return reading;
    };
    new Gauge({
      name: "woollahra_outbox_waiting_messages",
      help: "Messages in the outbox not yet sent (nor given up on)",
      registers: [registry],
      async collect() {
        const waiting = await read();
        if (waiting) this.set(waiting.count);
      },
    });
    new Gauge({
      name: "woollahra_outbox_oldest_waiting_seconds",
      help: "How long the oldest message not yet sent has waited (0 when none waits)",
      registers: [registry],
      async collect() {
        const waiting = await read();
        if (!waiting) return;
        const { oldestCreatedAt } = waiting;
        this.set(oldestCreatedAt === null ? 0 : Math.max(0, (Date.now() - oldestCreatedAt) / 1000));
      },
    });
    return true;
  });
}
