/**
 * Cross-site request forgery guard for every state-changing request. Browsers say where a
 * request comes from (Sec-Fetch-Site, Origin); anything from another site is refused.
 * Requests that carry neither header (non-browser clients) have no cookies to abuse
 * thanks to SameSite=Lax, so they pass.
 */
export function isCrossSite(
  method: string,
  headers: { host?: string; origin?: string; "sec-fetch-site"?: string },
  publicUrl: string,
): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = headers.origin;
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    const { host } = new URL(origin);
    return host !== headers.host && host !== new URL(publicUrl).host;
  } catch {
    return true;
  }
}
