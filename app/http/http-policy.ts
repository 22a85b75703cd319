import type { RoutePrefix } from "../site/route-paths.ts";

/**
 * What the server and the application agree on about HTTP: the cookies that make a request
 * personal, how a response says whether it may be shared, and how large a body each address
 * takes. Routes declare themselves cacheable with `handle = cachedPage(...)`, next to their
 * loader; nothing else decides it.
 */

export const cookieNames = {
  /** better-auth's session cookie (with `__Secure-` in front over HTTPS). */
  session: "wm.session_token",
  secureSession: "__Secure-wm.session_token",
  /** better-auth's sign-in waiting for its second step (a code from an authenticator app). */
  twoStep: "wm.two_factor",
  secureTwoStep: "__Secure-wm.two_factor",
  /** A one-time notice carried across a redirect. */
  toast: "wm_toast",
  /** The anti-forgery token of the log-in and registration forms (not personal: no one is signed in). */
  formToken: "wm_form",
  /**
   * When the visitor's browser loaded an enquiry form (signed; see enquiry-stamp.ts). Set by
   * a tiny image the form carries, never by the page itself, so the page stays shareable.
   */
  enquiryStarted: "wm_enquiry",
} as const;

/** The cookies that make a page personal: a session, or a notice waiting to be shown. */
export const personalCookieNames = [cookieNames.session, cookieNames.secureSession, cookieNames.toast];

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

const megabyte = 1024 * 1024;

/**
 * The largest body a request may carry, by the first of these its path starts with; 1 MB
 * anywhere else. Undefined: the route limits its own (uploads: tus takes 5 MB chunks and
 * checks the whole file's size).
 */
export const bodyLimits: [RoutePrefix, number | undefined][] = [
  ["/api/uploads", undefined],
  // Post forms may carry a cover image (without JavaScript): 20 MB and a margin for the fields.
  ["/create-post", 21 * megabyte],
  ["/edit-post/", 21 * megabyte],
  // A space's form, a photo and a floor plan.
  ["/manage/spaces/", 41 * megabyte],
];

export function bodyLimitFor(path: string): number | undefined {
  const rule = bodyLimits.find(([prefix]) => path.startsWith(prefix));
  return rule ? rule[1] : megabyte;
}
