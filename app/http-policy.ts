/**
 * What the server and the application agree on about HTTP: the cookies that make a request
 * personal, and how a response says whether it may be shared. Routes declare themselves
 * cacheable with `handle = cachedPage(...)`, next to their loader; nothing else decides it.
 */

export const cookieNames = {
  /** better-auth's session cookie (with `__Secure-` in front over HTTPS). */
  session: "wm.session_token",
  secureSession: "__Secure-wm.session_token",
  /** A one-time notice carried across a redirect. */
  toast: "wm_toast",
} as const;

/** A page the application rendered with no user and no notice, on a cacheable route. */
export const publicPageCacheControl = "public, max-age=0, must-revalidate";
/** Everything else the application renders: for this visitor only, kept by no cache. */
export const personalCacheControl = "private, no-store";

export interface PageCacheRule {
  /** The query parameters the page reads; any others share its cached copy. */
  query: readonly string[];
}

export interface CacheableRouteHandle {
  pageCache: PageCacheRule;
}

/** A route's `handle` when its page is the same for every visitor without a session. */
export function cachedPage(...query: string[]): CacheableRouteHandle {
  return { pageCache: { query } };
}

export function pageCacheRule(handle: unknown): PageCacheRule | undefined {
  if (typeof handle !== "object" || handle === null || !("pageCache" in handle)) return undefined;
  return (handle as CacheableRouteHandle).pageCache;
}
