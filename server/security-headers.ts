import { createHash } from "node:crypto";
import type { Config } from "../app/.server/config.ts";

/**
 * Headers every response carries: no framing by other sites, no content sniffing, a modest
 * referrer, no powerful browser features, and HTTPS pinned when the site is served over it.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    // Turns off the old XSS auditors (which could be abused); the policy below does the job.
    "X-XSS-Protection": "0",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (publicUrl.startsWith("https:"))
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** Where browsers fetch images from when they are redirected to the bucket, if anywhere else. */
export function imageOriginOf(config: Config): string | undefined {
  const { storage } = config;
  return storage.kind === "s3" && storage.publicUrl ? new URL(storage.publicUrl).origin : undefined;
}

/**
 * Everything comes from the site itself unless named here. Scripts run only as `scripts`
 * allows (a nonce, or hashes: see below); images may also be the editor's local previews or,
 * with S3_PUBLIC_URL, the bucket's; the one frame is the OpenStreetMap embed. No plugins, no
 * framing, forms post only here.
 */
export function contentSecurityPolicy(scripts: string, imageOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `img-src 'self' data: blob:${imageOrigin ? ` ${imageOrigin}` : ""}`,
    "frame-src https://www.openstreetmap.org",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A rendered page's scripts: those carrying this response's nonce, and what they load. */
export function nonceScripts(nonce: string): string {
  return `'nonce-${nonce}' 'strict-dynamic'`;
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * A cached page's scripts, the same bytes for every visitor: its inline scripts by their
 * hashes, and the site's own script files. A nonce replayed to every visitor would be no
 * secret, so the nonce the page was rendered with is not allowed (decision 008).
 */
export function hashedScripts(html: Buffer): string {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.toString("utf8").matchAll(inlineScript)) {
    if (/\bsrc=/.test(attributes) || attributes.includes('type="application/ld+json"')) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return ["'self'", ...hashes].join(" ");
}
