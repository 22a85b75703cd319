import type { ServerResponse } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { personalCacheControl } from "../app/http/http-policy.ts";
import type { ContentVersion } from "./content-version.ts";
import type { PageCache } from "./page-cache.ts";
import { requestIdOf } from "./request-metrics.ts";

/** Runs `listener` just before the response's headers are written (the write is committed by then). */
function beforeHeaders(res: ServerResponse, listener: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    listener();
    return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * What happens around the application's answer: a request that may write marks the content
 * version as changing before it is answered; an answer that names no caching policy is
 * personal; a page the application marked public is offered to the page cache.
 */
export function aroundTheApplication(version: ContentVersion, pages: PageCache | undefined): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") beforeHeaders(res, version.changing);
    beforeHeaders(res, () => {
      if (!res.hasHeader("cache-control")) res.setHeader("Cache-Control", personalCacheControl);
    });
    pages?.record(req, res);
    next();
  };
}

/** Whatever escaped the application: logged with its request id, answered plainly. */
export function lastResort(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const status = typeof error?.status === "number" && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error({ err: error, requestId: requestIdOf(res) }, "unhandled error");
    if (res.headersSent) return res.end();
    res
      .status(status)
      .type("text/plain")
      .send(status === 500 ? "Internal Server Error" : "Bad Request");
  };
}
