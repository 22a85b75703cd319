import { randomBytes, randomUUID } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { RouterContextProvider } from "react-router";
import { clientAddress } from "../app/.server/http/client-address.ts";
import type { RequestContext } from "../app/.server/http/request-context.ts";
import type { AppExports } from "./build.ts";
import { requestIdOf } from "./request-metrics.ts";
import { contentSecurityPolicy, nonceScripts } from "./security-headers.ts";

declare global {
  namespace Express {
    interface Locals {
      request: RequestContext;
    }
  }
}

/**
 * Every request's script nonce, which React Router puts on the page's scripts, its client's
 * address (for the throttles) and its id (given first, with its access-log line, by
 * `observedRequests`). They reach the application through its load context (see
 * `loadContext`), never through request headers a client could send.
 */
export function requestContext(imageOrigin: string | undefined, trustedProxies: number): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    const id = requestIdOf(res) ?? randomUUID();
    res.setHeader("X-Request-Id", id);
    res.locals.request = {
      id,
      nonce,
      clientAddress: clientAddress(req.socket.remoteAddress, req.get("X-Forwarded-For"), trustedProxies),
    };
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonceScripts(nonce), imageOrigin));
    next();
  };
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
