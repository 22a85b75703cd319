import type { IncomingMessage } from "node:http";
import { hasPersonalCookie } from "../../app/.server/http/cookies.ts";
import { personalCacheControl, publicPageCacheControl } from "../../app/http/http-policy.ts";

/*
 * What may be shared, stated once (decision 006). A response may be kept and sent to anyone
 * when all of these hold:
 *   1. it answers a GET of a route that declares itself cacheable (`handle = cachedPage(...)`),
 *      at the canonical spelling of its address (`cache-keys.ts`);
 *   2. the request carried no personal cookie (a session or a notice);
 *   3. the application said so: `Cache-Control: public…`, which it gives a page only when
 *      `pageIsShared` below holds (app/entry.server.tsx asks it), and a feed or file of its
 *      own accord;
 *   4. the status is 200 and it sets no cookie.
 * A signed-in reader's request (2 fails) gets the shared page with their own parts put in,
 * and that answer is `private, no-store` (personal-pages.ts). Nothing else decides it.
 */

/** Who a request is for: a reading page anyone may share, one reader, or not a reading request at all. */
export function audienceOf(req: IncomingMessage): "anyone" | "reader" | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  return hasPersonalCookie(req.headers.cookie) ? "reader" : "anyone";
}

/** Rule 3 for a page the application renders: what it was rendered for and from. */
export interface RenderedPage {
  status: number;
  errored: boolean;
  /** The route declares its page cacheable. */
  cacheable: boolean;
  signedIn: boolean;
  notice: boolean;
}

export function pageIsShared(page: RenderedPage): boolean {
  return page.status === 200 && !page.errored && page.cacheable && !page.signedIn && !page.notice;
}

/** The Cache-Control a rendered page gets: public only when rule 3 holds; for this visitor alone otherwise. */
export function pageCacheControl(page: RenderedPage): string {
  return pageIsShared(page) ? publicPageCacheControl : personalCacheControl;
}

const keptTypes = /^(text\/html|text\/plain|application\/xml|application\/rss\+xml)/;

/** Rules 3 and 4 for a response as it leaves the application. */
export function mayKeep(response: {
  status: number;
  cacheControl: string;
  setsCookie: boolean;
  contentType: string;
}): boolean {
  return (
    response.status === 200 &&
    !response.setsCookie &&
    response.cacheControl.startsWith("public") &&
    keptTypes.test(response.contentType)
  );
}
