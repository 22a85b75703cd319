import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { RouterContextProvider } from "react-router";
import { hasPersonalCookie } from "../app/.server/http/cookies.ts";
import type { PersonalFragments } from "../app/.server/http/personal-fragments.tsx";
import { personalCacheControl } from "../app/http/http-policy.ts";
import type { PageCache, SharedPage } from "./page-cache.ts";
import { answeredBy } from "./request-metrics.ts";
import { splicePage } from "./spliced-page.ts";

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
 * Reading pages for a signed-in reader (or one with a notice waiting): the cached anonymous
 * page with the personal parts put in, rendered alone (decision 025). The answer is
 * `private, no-store` and nothing of it goes back into the shared cache. Whatever cannot be
 * answered this way (a page no visitor may see, such as an author's draft; a page whose parts
 * are not where the layout put them) is left to the application's full render.
 *
 * `serve` answers before Express when the page is in the cache, as the cache answers
 * visitors; `render` is the Express step that renders the shared page first when it is not.
 */
export function personalReadingPages(options: PersonalPagesOptions) {
  const { publicUrl, pages, keyFor, renderAnonymous, loadContext, fragments } = options;
  const keyOf = (req: IncomingMessage) =>
    (req.method === "GET" || req.method === "HEAD") && hasPersonalCookie(req.headers.cookie)
      ? keyFor(req.url ?? "")
      : undefined;

  /** Sends the page with this reader's parts; false when the parts are not where they belong. */
  const answer = async (
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    page: SharedPage,
    cached: boolean,
  ) => {
    const url = new URL(key, publicUrl).href;
    const personal = await fragments(new Request(url, { headers: { cookie: req.headers.cookie ?? "" } }));
    const encoding = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? "gzip" : undefined;
    const body = splicePage(page.body, personal.parts, encoding);
    if (!body) return false;
    const headers: Record<string, string | string[]> = {
      "Content-Type": page.contentType,
      "Content-Security-Policy": page.contentSecurityPolicy,
      "Cache-Control": personalCacheControl,
      "Content-Length": String(body.length),
      Vary: "Accept-Encoding",
    };
    const cookies = personal.headers.getSetCookie();
    if (cookies.length > 0) headers["Set-Cookie"] = cookies;
    if (encoding) headers["Content-Encoding"] = encoding;
    if (cached) answeredBy(res, "page cache");
    // No ETag: a page for one reader, kept by no cache.
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };

  return {
    /** Answers from the cached page when there is one; resolves false to let the application answer. */
    async serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const key = keyOf(req);
      const page = key === undefined ? undefined : pages.fresh(key);
      if (key === undefined || !page) return false;
      try {
        return await answer(req, res, key, page, true);
      } catch {
        // The application answers instead, and says what went wrong (a database outage: 503).
        return res.headersSent;
      }
    },

    render: (async (req, res, next) => {
      const key = keyOf(req);
      if (key === undefined) return next();
      try {
        const url = new URL(key, publicUrl).href;
        const cached = pages.fresh(key);
        const page =
          cached ??
          (await pages.renderShared(key, async () => renderAnonymous(url, await loadContext(req, res))));
        if (!page || !(await answer(req, res, key, page, cached !== undefined))) next();
      } catch (error) {
        next(error);
      }
    }) satisfies RequestHandler,
  };
}
