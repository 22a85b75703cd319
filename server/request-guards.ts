import type { RequestHandler } from "express";
import { isCrossSite } from "../app/.server/http/same-origin.ts";
import { bodyLimitFor } from "../app/http/http-policy.ts";

/** Methods a Fetch API Request cannot carry would make the app throw: refuse them here. */
export const fetchableMethodsOnly: RequestHandler = (req, res, next) => {
  if (!["CONNECT", "TRACE", "TRACK"].includes(req.method)) return next();
  res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method Not Allowed");
};

/** A path that cannot be decoded is a bad request, not a server error. */
export const rejectMalformedUrls: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400).type("text/plain").send("Bad Request: the address is not valid.");
  }
};

/** State-changing requests from other sites are refused before anything runs. */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  // The origin React Router builds the request's URL from (trusted proxies' headers included).
  if (!isCrossSite(req.method, req.headers, `${req.protocol}://${req.host}`)) return next();
  res.status(403).type("text/plain").send("Forbidden: this form was sent from another site.");
};

/** Bodies must say how long they are, and be no longer than their address ever needs. */
export const limitBodies: RequestHandler = (req, res, next) => {
  const limit = req.method === "GET" || req.method === "HEAD" ? undefined : bodyLimitFor(req.path);
  if (limit === undefined) return next();
  const length = req.headers["content-length"];
  if (length === undefined) {
    if (req.headers["transfer-encoding"] === undefined) return next();
    res.status(411).type("text/plain").send("Length Required");
    return;
  }
  if (Number(length) > limit) {
    res
      .status(413)
      .type("text/plain")
      .send(`Payload Too Large: the form is bigger than ${limit / 1024 / 1024} MB.`);
    return;
  }
  next();
};
