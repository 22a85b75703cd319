import type { ServerResponse } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "pino";
import { personalCacheControl } from "../app/http/http-policy.ts";
import { requestIdOf } from "./request-metrics.ts";

/** Runs `listener` just before the response's headers are written (the write is committed by then). */
export function beforeHeaders(res: ServerResponse, listener: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    listener();
    return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/** An answer of the application that names no caching policy is personal. */
export const personalUnlessSaid: RequestHandler = (_req, res, next) => {
  beforeHeaders(res, () => {
    if (!res.hasHeader("cache-control")) res.setHeader("Cache-Control", personalCacheControl);
  });
  next();
};

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
