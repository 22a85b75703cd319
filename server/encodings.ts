import type { IncomingMessage } from "node:http";

/** A response body kept ready in each encoding the server sends. */
export interface EncodedBody {
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/** The copy the client accepts that is smallest (Brotli, then gzip, then none), with its Content-Encoding. */
export function acceptedCopy(
  req: IncomingMessage,
  copies: EncodedBody,
): { encoding?: "br" | "gzip"; body: Buffer } {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return { encoding: "br", body: copies.brotli };
  if (/\bgzip\b/.test(accepted)) return { encoding: "gzip", body: copies.gzip };
  return { body: copies.body };
}
