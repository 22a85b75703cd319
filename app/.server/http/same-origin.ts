/**
 * Cross-site request forgery guard for every state-changing request. Browsers say where a
 * request comes from (Sec-Fetch-Site, Origin); anything from another site is refused.
 * An Origin must name the address the application itself will see the request at (React
 * Router aborts any other action), so a forged Host is refused here, as a refusal, rather
 * than reaching the application and surfacing as an error.
 * Requests that carry neither header (non-browser clients) have no cookies to abuse
 * thanks to SameSite=Lax, so they pass.
 */
export function isCrossSite(
  method: string,
  headers: { origin?: string; "sec-fetch-site"?: string },
  requestOrigin: string,
): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.origin;
  if (!origin) return false;
  return URL.parse(origin)?.origin !== requestOrigin;
}
