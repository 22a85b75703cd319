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

/**
 * Everything comes from the site itself unless named here. Scripts run only when they carry
 * this response's nonce, or are loaded by one that does (the client bundle imports its
 * chunks); images may also be the editor's local previews or, with S3_PUBLIC_URL, the
 * bucket's; the one frame is the OpenStreetMap embed. No plugins, no framing, forms post
 * only here.
 */
export function contentSecurityPolicy(nonce: string, imageOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `img-src 'self' data: blob:${imageOrigin ? ` ${imageOrigin}` : ""}`,
    "frame-src https://www.openstreetmap.org",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
