import type { RequestHandler } from "express";
import type { RouterContextProvider } from "react-router";
import { hasPersonalCookie } from "../app/.server/cookies.ts";
import type { PersonalFragments } from "../app/.server/personal-fragments.tsx";
import { personalCacheControl } from "../app/http-policy.ts";
import type { PageCache } from "./page-cache.ts";

interface PersonalPagesOptions {
  /** The site's own origin: the addresses rendered here never take the client's Host header. */
  publicUrl: string;
  pages: PageCache;
  /** The page cache's key for a request address (undefined: not a cacheable reading page). */
  keyFor: (url: string) => string | undefined;
  /** Renders a page for no one: the application's answer to a request without cookies. */
  renderAnonymous: (url: string, context: RouterContextProvider) => Promise<Response>;
  loadContext: (
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
  ) => Promise<RouterContextProvider>;
  fragments: (request: Request) => Promise<PersonalFragments>;
}

/**
 * A reading page for a signed-in reader (or one with a notice waiting): the cached anonymous
 * page with the personal parts put in, rendered alone (decision 025). The answer is
 * `private, no-store` and nothing of it goes back into the shared cache. Whatever cannot be
 * answered this way (a page no visitor may see, such as an author's draft; a page whose parts
 * are not where the layout put them) is left to the application's full render.
 */
export function personalReadingPages(options: PersonalPagesOptions): RequestHandler {
  const { publicUrl, pages, keyFor, renderAnonymous, loadContext, fragments } = options;
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!hasPersonalCookie(req.headers.cookie)) return next();
    const key = keyFor(req.url);
    if (key === undefined) return next();
    try {
      const url = new URL(key, publicUrl).href;
      const page =
        pages.fresh(key) ??
        (await pages.renderShared(key, async () => renderAnonymous(url, await loadContext(req, res))));
      if (!page) return next();
      const personal = await fragments(new Request(url, { headers: { cookie: req.headers.cookie ?? "" } }));
      let html = page.body.toString("utf8");
      for (const [anonymous, own] of personal.replacements) {
        if (!html.includes(anonymous)) return next();
        html = html.split(anonymous).join(own);
      }
      res.status(200);
      res.set({
        "Content-Type": page.contentType,
        "Content-Security-Policy": page.contentSecurityPolicy,
        "Cache-Control": personalCacheControl,
      });
      for (const cookie of personal.headers.getSetCookie()) res.append("Set-Cookie", cookie);
      // Not `send`: a page for one reader, kept by no cache, needs no ETag.
      res.end(html);
    } catch (error) {
      next(error);
    }
  };
}
