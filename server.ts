/**
 * The HTTP server, composed in the order a request meets it: its id and access-log line (and
 * metrics) for every request, security headers, then the metrics endpoint (when served on the
 * site's port), build assets and cached pages (with a signed-in reader's parts put in)
 * answered before Express; then the request's nonce and address, the guards, compression, static files, and React
 * Router; then the last resort for errors.
 * `npm start`, `npm run dev`, or `node server.ts` from any launcher after `npm run build`.
 */
import "./server/restart-with-memory-settings.ts";
import "./app/.server/node-env.ts";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { log } from "./app/.server/log.ts";
import { assetsDir, loadBuild } from "./server/build.ts";
import { failOnConfigError, readConfig } from "./server/fail.ts";
import { answerMalformedRequest } from "./server/malformed-requests.ts";
import { serveMetrics } from "./server/metrics.ts";
import { PrecompressedAssets } from "./server/precompressed-assets.ts";
import { pageCacheKeys } from "./server/reading-pages/cache-keys.ts";
import { readingPages } from "./server/reading-pages/index.ts";
import { loadContext, requestContext } from "./server/request-context.ts";
import {
  fetchableMethodsOnly,
  limitBodies,
  rejectMalformedUrls,
  sameOriginOnly,
} from "./server/request-guards.ts";
import { answeredBy, observedRequests } from "./server/request-metrics.ts";
import { lastResort, personalUnlessSaid } from "./server/responses.ts";
import { routePatterns } from "./server/route-patterns.ts";
import {
  contentSecurityPolicy,
  hashedScripts,
  imageOriginOf,
  securityHeaders,
} from "./server/security-headers.ts";
import { serve, serverTimeouts } from "./server/serve.ts";
import { isFirstThread, sharedCounters } from "./server/threads.ts";

const config = readConfig();
const logger = log();
const imageOrigin = imageOriginOf(config);

const app = express();
app.disable("x-powered-by");
// The hops clientAddress counts: React Router's origin check then sees the browser's https://.
app.set("trust proxy", config.trustedProxies);
app.use(
  requestContext(imageOrigin, config.trustedProxies),
  fetchableMethodsOnly,
  rejectMalformedUrls,
  sameOriginOnly,
  limitBodies,
  compression(),
);
const build = await loadBuild(app, config.production);

const counters = sharedCounters();
// Valid configuration, a reachable database, an up-to-date schema and the sweep of unused
// images (first thread only), a usable image store.
await build.app
  .startApp({ firstThread: isFirstThread, imageSlots: counters.imageSlots })
  .catch(failOnConfigError);

const keyFor = pageCacheKeys(build.current.routes);
const reading = config.production
  ? await readingPages({
      keyFor,
      publicUrl: config.publicUrl,
      readVersion: () => build.app.currentContentVersion(),
      writes: counters.writes,
      policyFor: (body) => contentSecurityPolicy(hashedScripts(body), imageOrigin),
      build: build.current,
      loadContext: loadContext(build.currentApp),
      fragments: (request) => build.app.personalFragments(request),
      logger,
    })
  : undefined;
app.use(personalUnlessSaid);
if (reading) app.use(reading.application);
app.all(
  "/{*splat}",
  createRequestHandler({
    build: build.handler,
    getLoadContext: loadContext(build.currentApp),
    mode: config.production ? "production" : "development",
  }),
);
app.use(lastResort(logger));

const assets = config.production ? new PrecompressedAssets(assetsDir, "/assets/") : undefined;
const metricsEndpoint = config.metrics
  ? serveMetrics(config.metrics, config.production ? config.threads : 1)
  : undefined;
const headersForEveryResponse = Object.entries(securityHeaders(config.publicUrl));
const handle = (req: IncomingMessage, res: ServerResponse) => {
  for (const [name, value] of headersForEveryResponse) res.setHeader(name, value);
  if (metricsEndpoint?.answers(req, res)) return answeredBy(res, "metrics");
  if (assets?.serve(req, res)) return answeredBy(res, "assets");
  const answered = reading?.answer(req, res) ?? false;
  if (answered === false) return app(req, res);
  if (answered !== true) void answered.then((done) => done || app(req, res));
};
const server = createServer(
  serverTimeouts,
  observedRequests(handle, {
    patternOf: routePatterns(build.current.routes),
    keyFor,
    logger,
    counted: metricsEndpoint !== undefined,
  }),
);
server.on("clientError", answerMalformedRequest);
if (isFirstThread) await metricsEndpoint?.listen();
await serve(server, {
  config,
  counters,
  logger,
  entry: new URL(import.meta.url),
  stopApp: () => build.app.stopApp(),
});
