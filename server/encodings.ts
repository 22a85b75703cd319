import type { IncomingMessage } from "node:http";

/** A response body kept ready in each encoding the server sends. */
export interface EncodedBody {
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/**
 * `bytes` copied into memory of their own, for a Buffer kept long. What zlib returns, and a
 * small Buffer, is a view into a block of 64 KB that a kept view keeps whole: a cache that
 * counts the views' lengths would hold several times the bytes it counts.
 */
export function ownCopy(bytes: Buffer): Buffer {
  return Buffer.from(new Uint8Array(bytes).buffer);
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
