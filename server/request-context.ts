import { randomBytes, randomUUID } from "node:crypto";
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { RouterContextProvider } from "react-router";
import { loggedUrl } from "../app/.server/accounts/links.ts";
import { clientAddress } from "../app/.server/http/client-address.ts";
import type { RequestContext } from "../app/.server/http/request-context.ts";
import type { AppExports } from "./build.ts";
import { contentSecurityPolicy, nonceScripts } from "./security-headers.ts";

declare global {
  namespace Express {
    interface Locals {
      request: RequestContext;
    }
  }
}

/**
 * Every request gets an id that its log line, its error page and its response header share,
 * a fresh script nonce that React Router puts on the page's scripts, and its client's
 * address (for the throttles). They reach the
 * application through its load context (see `loadContext`), never through request headers
 * a client could send.
 */
export function requestContext(
  logger: Logger,
  imageOrigin: string | undefined,
  trustedProxies: number,
): RequestHandler {
  return (req, res, next) => {
    const id = randomUUID();
    const nonce = randomBytes(16).toString("base64");
    res.locals.request = {
      id,
      nonce,
      clientAddress: clientAddress(req.socket.remoteAddress, req.get("X-Forwarded-For"), trustedProxies),
    };
    res.setHeader("X-Request-Id", id);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonceScripts(nonce), imageOrigin));
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      logger.info({
        requestId: id,
        method: req.method,
        // A link's token must not reach the logs: its route pattern stands for it.
        url: loggedUrl(req.originalUrl),
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
    });
    next();
  };
}

/** The request's id, for the log line of an error that escaped the application. */
export function requestIdOf(res: Response): string | undefined {
  // Undefined when the error came before the request got its context.
  return (res.locals as Partial<Express.Locals>).request?.id;
}

/**
 * React Router's load context for a request: what `requestContext` decided, under the key
 * the application's build exports (the build's own copy of the key, which is what its
 * loaders look values up by).
 */
export function loadContext(app: () => Promise<Pick<AppExports, "requestContext">>) {
  return async (_req: unknown, res: Response): Promise<RouterContextProvider> => {
    const context = new RouterContextProvider();
    context.set((await app()).requestContext, res.locals.request);
    return context;
  };
}
