import { randomBytes, randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { clientAddress } from "../app/.server/client-address.ts";
import { contentSecurityPolicy, nonceScripts } from "./security-headers.ts";

/**
 * Every request gets an id that its log line, its error page and its response header share,
 * and a fresh script nonce that React Router puts on the page's scripts. Both are set here,
 * replacing whatever a client sent under these names, so a client can choose neither.
 */
export function requestContext(
  logger: Logger,
  imageOrigin: string | undefined,
  trustedProxies: number,
): RequestHandler {
  return (req, res, next) => {
    const id = randomUUID();
    req.headers["x-request-id"] = id;
    res.setHeader("X-Request-Id", id);
    const nonce = randomBytes(16).toString("base64");
    req.headers["x-csp-nonce"] = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonceScripts(nonce), imageOrigin));
    // The client's address, for rate limits.
    req.headers["x-client-ip"] = clientAddress(
      req.socket.remoteAddress,
      req.get("X-Forwarded-For"),
      trustedProxies,
    );
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
}
