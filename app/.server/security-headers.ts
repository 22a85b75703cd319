/**
 * Headers every response carries: no framing by other sites, no content sniffing, a modest
 * referrer, no powerful browser features, and HTTPS pinned when the site is served over it.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy":
      "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (publicUrl.startsWith("https:"))
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
