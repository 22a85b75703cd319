import type { IncomingMessage, ServerResponse } from "node:http";
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

interface RequestMetricsOptions {
  /** The route pattern of a request address. */
  patternOf: (url: string) => string;
  /** The page cache's key for a request address: undefined when the cache never keeps its route. */
  keyFor: (url: string) => string | undefined;
}

/**
 * Times every request the handler answers and counts it by route pattern, method, status and
 * what the page cache did: "hit" when it answered, "miss" when it could have (a reading page
 * not yet cached, or not in this form), "none" for everything it never keeps. A response
 * written before the handler returns (a cached page, an asset) is counted at once; any other
 * when it is done, or "aborted" when the client left before it was.
 */
export function countedRequests(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  { patternOf, keyFor }: RequestMetricsOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { requests } = metrics();
  const record = (req: IncomingMessage, res: Marked, url: string, started: number) => {
    const by = res[answeredByKey];
    const method = methods.has(req.method ?? "") ? (req.method as string) : "other";
    const cache =
      by === "page cache"
        ? "hit"
        : by === undefined && (method === "GET" || method === "HEAD") && keyFor(url) !== undefined
          ? "miss"
          : "none";
    requests.observe(
      {
        route: by === undefined || by === "page cache" ? patternOf(url) : routeOf[by],
        method,
        status: res.writableFinished || res.writableEnded ? res.statusCode : "aborted",
        cache,
      },
      (performance.now() - started) / 1000,
    );
  };
  return (req, res) => {
    const started = performance.now();
    // Express rewrites req.url while it routes; the address as it came is what is labelled.
    const url = req.url ?? "/";
    handler(req, res);
    if (res.writableEnded) record(req, res, url, started);
    else res.once("close", () => record(req, res, url, started));
  };
}
