/**
 * The HTTP server: request ids and logs, compression, static files, and the React Router
 * handler. Run it through `npm start` (production) or `npm run dev` (development).
 */
import "./app/.server/node-env.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type ServerResponse, STATUS_CODES } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { type Config, ConfigError, loadConfig } from "./app/.server/config.ts";
import { log } from "./app/.server/log.ts";
import { PageCache } from "./app/.server/page-cache.ts";
import { pageCacheKeys } from "./app/.server/page-cache-keys.ts";
import { PrecompressedAssets } from "./app/.server/precompressed-assets.ts";
import { isCrossSite } from "./app/.server/same-origin.ts";
import {
  contentSecurityPolicy,
  hashedScripts,
  nonceScripts,
  securityHeaders,
} from "./app/.server/security-headers.ts";
import {
  ensurePortFree,
  isFirstThread,
  onStopRequest,
  sharedCounters,
  startMoreThreads,
} from "./app/.server/server-threads.ts";
import { personalCacheControl } from "./app/http-policy.ts";
import { sydneyYear } from "./app/lib/dates.ts";

/** What entry.server.tsx adds to React Router's server entry. */
interface AppLifecycle {
  startApp(options: { migrate: boolean }): Promise<void>;
  stopApp(): Promise<void>;
  currentContentVersion(): Promise<number>;
}

const versionPollMs = 500;
const shutdownGraceMs = 10_000;

/** Each thread's page cache: a few hundred pages, whatever addresses visitors make up. */
const pageCacheBytes = 16 * 1024 * 1024;
const maxFormBytes = 1024 * 1024;
/** Post forms may carry a cover image (without JavaScript): 20 MB and a margin for the fields. */
const maxPostFormBytes = 21 * 1024 * 1024;
const buildDir = path.resolve(import.meta.dirname, "build");

function fail(message: string): never {
  console.error(`woollahra-moncur: ${message}`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

const config = readConfig();
const logger = log();
const headersForEveryResponse = Object.entries(securityHeaders(config.publicUrl));
/** Where browsers fetch images from when they are redirected to the bucket. */
const imageOrigin =
  config.storage.kind === "s3" && config.storage.publicUrl
    ? new URL(config.storage.publicUrl).origin
    : undefined;

/** Every request gets an id that its log line, its error page and its response header share. */
const requestIds: RequestHandler = (req, res, next) => {
  const id = randomUUID();
  req.headers["x-request-id"] = id;
  res.setHeader("X-Request-Id", id);
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    logger.info({
      requestId: id,
      method: req.method,
      url: req.originalUrl,
      status: res.statusCode,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
    });
  });
  next();
};

/**
 * A fresh script nonce for every response the application makes; React Router reads it from
 * this header (set here, so a client cannot choose it) and puts it on the page's scripts.
 */
const scriptNonces: RequestHandler = (req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  req.headers["x-csp-nonce"] = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonceScripts(nonce), imageOrigin));
  next();
};

/** The client's address, for rate limits; whatever a client sent under this name is replaced. */
const clientAddress: RequestHandler = (req, _res, next) => {
  req.headers["x-client-ip"] = req.socket.remoteAddress ?? "unknown";
  next();
};

/** State-changing requests from other sites are refused before anything runs. */
const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (!isCrossSite(req.method, req.headers, config.publicUrl)) return next();
  res.status(403).type("text/plain").send("Forbidden: this form was sent from another site.");
};

/** Methods a Fetch API Request cannot carry would make the app throw: refuse them here. */
const fetchableMethodsOnly: RequestHandler = (req, res, next) => {
  if (!["CONNECT", "TRACE", "TRACK"].includes(req.method)) return next();
  res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method Not Allowed");
};

/** A path that cannot be decoded is a bad request, not a server error. */
const rejectMalformedUrls: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400).type("text/plain").send("Bad Request: the address is not valid.");
  }
};

/** Bodies must say how long they are, and be no longer than forms ever need (uploads have their own limit). */
const limitBodies: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.path.startsWith("/api/uploads")) return next();
  const length = req.headers["content-length"];
  if (length === undefined) {
    if (req.headers["transfer-encoding"] === undefined) return next();
    res.status(411).type("text/plain").send("Length Required");
    return;
  }
  const limit = /^\/(create-post|edit-post\/)/.test(req.path) ? maxPostFormBytes : maxFormBytes;
  if (Number(length) > limit) {
    res
      .status(413)
      .type("text/plain")
      .send(`Payload Too Large: the form is bigger than ${limit / 1024 / 1024} MB.`);
    return;
  }
  next();
};

const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
  const status = typeof error?.status === "number" && error.status < 500 ? error.status : 500;
  if (status === 500) logger.error({ err: error, requestId: req.headers["x-request-id"] }, "unhandled error");
  if (res.headersSent) return res.end();
  res
    .status(status)
    .type("text/plain")
    .send(status === 500 ? "Internal Server Error" : "Bad Request");
};

/** The server build: re-read on every request while developing, loaded once in production. */
async function loadBuild(app: express.Express): Promise<ServerBuild | (() => Promise<ServerBuild>)> {
  if (!config.production) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    return () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  }
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry))
    fail("the site is not built yet: run `npm run build` (`npm start` builds it for you)");
  const build = (await import(serverEntry)) as ServerBuild;
  app.use(
    "/assets",
    express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  // Only paths known to be files reach the disk: a page request costs no failed stat.
  const clientDir = path.join(buildDir, "client");
  const publicFiles = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
  const serveFile = express.static(clientDir, { maxAge: "1d", index: false, redirect: false });
  app.use((req, res, next) =>
    publicFiles.has(decodeURIComponent(req.path)) ? serveFile(req, res, next) : next(),
  );
  return build;
}

/**
 * The content version as last read from the database: re-read twice a second (another
 * instance may have written) and at once after every write by any thread of this server,
 * with pages served from the cache only while it is known.
 */
function trackContentVersion(read: () => Promise<number>, writes: Int32Array) {
  let known: number | undefined;
  let reads = 0;
  let writesSeen = Atomics.load(writes, 0);
  const refresh = async () => {
    const ticket = ++reads;
    try {
      const version = await read();
      if (ticket === reads) known = version;
    } catch {
      if (ticket === reads) known = undefined;
    }
  };
  const timer = setInterval(refresh, versionPollMs);
  timer.unref();
  return {
    current(): number | undefined {
      const latest = Atomics.load(writes, 0);
      if (latest !== writesSeen) {
        writesSeen = latest;
        known = undefined;
        void refresh();
      }
      return known;
    },
    /**
     * Called before a possible write is answered, so no thread serves a cached page the
     * writer could then ask for until it has read the new version.
     */
    changing: () => Atomics.add(writes, 0, 1),
    refresh,
  };
}

const malformedRequestStatus: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
const lingerMs = 1000;

/**
 * Answers a request Node could not parse (too-long address or headers, a client too slow to
 * send them, garbage) as Node would, but closes the connection gently: Node destroys it at
 * once, and a client still sending its request then gets a reset instead of the answer.
 */
function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const status = malformedRequestStatus[error.code ?? ""] ?? 400;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  // Read and drop the rest of the request, so closing sends no reset; then let it go.
  socket.resume();
  setTimeout(() => socket.destroy(), lingerMs).unref();
}

/** Runs `listener` just before the response's headers are written (the write is committed by then). */
function beforeHeaders(res: ServerResponse, listener: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    listener();
    return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

async function main(): Promise<void> {
  const app = express();
  app.disable("x-powered-by");
  app.use(
    requestIds,
    scriptNonces,
    clientAddress,
    fetchableMethodsOnly,
    rejectMalformedUrls,
    sameOriginOnly,
    limitBodies,
    compression(),
  );
  const build = await loadBuild(app);
  const serverBuild = typeof build === "function" ? await build() : build;
  const lifecycle = serverBuild.entry.module as unknown as AppLifecycle;
  try {
    await lifecycle.startApp({ migrate: isFirstThread });
  } catch (error) {
    if (error instanceof Error && error.name === "ConfigError") fail(error.message);
    throw error;
  }
  const counters = sharedCounters();
  const threads = config.production ? config.threads : 1;
  const version = trackContentVersion(() => lifecycle.currentContentVersion(), counters.writes);
  await version.refresh();
  const assets = new PrecompressedAssets(path.join(buildDir, "client", "assets"), "/assets/");
  const pages = new PageCache({
    maxBytes: pageCacheBytes,
    keyFor: pageCacheKeys(serverBuild.routes),
    version: version.current,
    year: () => sydneyYear(),
    policyFor: (body) => contentSecurityPolicy(hashedScripts(body), imageOrigin),
  });
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") beforeHeaders(res, version.changing);
    // Personal unless the application said it may be shared (entry.server.tsx, resource routes).
    beforeHeaders(res, () => {
      if (!res.hasHeader("cache-control")) res.setHeader("Cache-Control", personalCacheControl);
    });
    if (config.production) pages.record(req, res);
    next();
  });
  app.all(
    "/{*splat}",
    createRequestHandler({ build, mode: config.production ? "production" : "development" }),
  );
  app.use(lastResort);

  // Cached pages are answered here, before Express and React Router see the request.
  const server = createServer(
    {
      // Against slow clients: whole headers within 15 s, a whole request (a 5 MB upload chunk
      // on a slow line included) within 2 minutes; idle keep-alive connections stay open
      // longer than a load balancer's (60 s), so it, not we, closes them and never sends a
      // request on a socket we are closing.
      headersTimeout: 15_000,
      requestTimeout: 120_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 2_000,
    },
    (req, res) => {
      for (const [name, value] of headersForEveryResponse) res.setHeader(name, value);
      if (config.production && (assets.serve(req, res) || pages.serve(req, res))) return;
      app(req, res);
    },
  );
  const sharedPort = threads > 1;
  if (sharedPort && isFirstThread) {
    await ensurePortFree(config.port).catch((error: NodeJS.ErrnoException) =>
      fail(error.code === "EADDRINUSE" ? `PORT ${config.port} is already in use` : error.message),
    );
  }
  server.listen({ port: config.port, reusePort: sharedPort }, () => {
    if (!isFirstThread) return;
    const serving = threads > 1 ? `, ${threads} threads` : "";
    logger.info(`Woollahra Moncur is running at ${config.publicUrl} (port ${config.port}${serving})`);
  });
  const moreThreads =
    sharedPort && isFirstThread
      ? startMoreThreads(new URL(import.meta.url), threads - 1, counters, logger)
      : undefined;
  server.on("clientError", answerMalformedRequest);
  server.on("error", (error: NodeJS.ErrnoException) => {
    fail(error.code === "EADDRINUSE" ? `PORT ${config.port} is already in use` : error.message);
  });

  // On SIGTERM: stop accepting, let requests in flight finish (their connections then
  // close), stop the other threads the same way, close the database, exit. Whatever is
  // still open after the grace period is cut.
  let stopping = false;
  server.on("request", (_req, res) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  const shutdown = () => {
    stopping = true;
    const othersStopped = moreThreads?.stop(shutdownGraceMs);
    server.close(async () => {
      await othersStopped;
      await lifecycle.stopApp();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), shutdownGraceMs).unref();
  };
  if (isFirstThread) {
    process.once("SIGTERM", shutdown);
    process.once("SIGINT", shutdown);
  } else {
    onStopRequest(shutdown);
  }
}

await main();
