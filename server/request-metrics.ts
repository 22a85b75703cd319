import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { loggedUrl } from "../app/.server/accounts/links.ts";
import { metrics } from "../app/.server/metrics.ts";

/** What answered a request before the application could: for its labels in the metrics. */
export type AnsweredBy = "page cache" | "assets" | "public files" | "metrics";

const answeredByKey = Symbol("answered by");
type Marked = ServerResponse & { [answeredByKey]?: AnsweredBy };

/** Notes what answered the request (nothing is counted unless the metrics are on). */
export function answeredBy(res: ServerResponse, by: AnsweredBy): void {
  (res as Marked)[answeredByKey] = by;
}

const routeOf: Record<Exclude<AnsweredBy, "page cache">, string> = {
  assets: "/assets/*",
  "public files": "/{public file}",
  metrics: "/metrics",
};

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

interface ObservedRequestsOptions {
  /** The route pattern of a request address. */
  patternOf: (url: string) => string;
  /** The page cache's key for a request address: undefined when the cache never keeps its route. */
  keyFor: (url: string) => string | undefined;
  /** Where each request's access-log line goes. */
  logger: Logger;
  /** Whether the metrics count requests too (METRICS set). */
  counted: boolean;
}

const requestIdKey = Symbol("request id");
type Identified = ServerResponse & { [requestIdKey]?: string };

/** The id of the request this response answers, as its log line gives it. */
export function requestIdOf(res: ServerResponse): string | undefined {
  return (res as Identified)[requestIdKey];
}

/**
 * Every request, however it is answered (an asset, a cached page, a signed-in reader's page
 * made from one, or the application), gets an id and one access-log line when it is done
 * (the application's answers carry the id as X-Request-Id, for an error's page and report): its id, method, route pattern, address (tokens left out), status, time and what the
 * page cache did — "hit" when it answered, "miss" when it could have (a reading page not yet
 * cached, or not in this form), "none" for everything it never keeps. The metrics, when on,
 * count the same. A response written before the handler returns (a cached page, an asset) is
 * recorded at once; any other when it is done, or "aborted" when the client left before it was.
 */
export function observedRequests(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  { patternOf, keyFor, logger, counted }: ObservedRequestsOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const requests = counted ? metrics().requests : undefined;
  const logging = logger.isLevelEnabled("info");
  const record = (req: IncomingMessage, res: Marked & Identified, url: string, started: number) => {
    // Nothing to write or count (LOG_LEVEL above info, metrics off): no work on every request.
    if (!logging && !requests) return;
    const by = res[answeredByKey];
    const method = methods.has(req.method ?? "") ? (req.method as string) : "other";
    const cache =
      by === "page cache"
        ? "hit"
        : by === undefined && (method === "GET" || method === "HEAD") && keyFor(url) !== undefined
          ? "miss"
          : "none";
    const route = by === undefined || by === "page cache" ? patternOf(url) : routeOf[by];
    const status = res.writableFinished || res.writableEnded ? res.statusCode : "aborted";
    const ms = performance.now() - started;
    if (logging)
      logger.info({ requestId: res[requestIdKey], method, route, url: loggedUrl(url), status, ms, cache });
    requests?.observe({ route, method, status, cache }, ms / 1000);
  };
  return (req, res) => {
    const started = performance.now();
    const id = randomUUID();
    (res as Identified)[requestIdKey] = id;
    // Express rewrites req.url while it routes; the address as it came is what is recorded.
    const url = req.url ?? "/";
    handler(req, res);
    if (res.writableEnded) record(req, res, url, started);
    else res.once("close", () => record(req, res, url, started));
  };
}
