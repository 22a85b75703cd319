import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import type { PersonalFragments } from "../../app/.server/http/personal-fragments.tsx";
import { personalCacheControl } from "../../app/http/http-policy.ts";
import { answeredBy } from "../request-metrics.ts";
import type { PageCache, SharedPage } from "./page-cache.ts";
import { splicePage } from "./spliced-page.ts";

export interface PersonalPagesOptions {
  /** The site's own origin: the addresses rendered here never take the client's Host header. */
  publicUrl: string;
  pages: PageCache;
  /** Renders a page for no one: the application's answer to a request without cookies. */
  renderAnonymous: (url: string, context: RouterContextProvider) => Promise<Response>;
  loadContext: (
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
  ) => Promise<RouterContextProvider>;
  fragments: (request: Request) => Promise<PersonalFragments>;
  /** Told when a page's parts are not where the layout put them (the page is rendered in full). */
  logger: Logger;
}

/** A feed or a file has no personal parts: the application answers a reader's request for one. */
const isDocument = (page: SharedPage) => page.contentType.startsWith("text/html");

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
  const { publicUrl, pages, renderAnonymous, loadContext, fragments, logger } = options;

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
    if (!body) {
      logger.warn({ page: key }, "a reader's parts are not where the shared page has them: rendered in full");
      return false;
    }
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
    async serve(req: IncomingMessage, res: ServerResponse, key: string): Promise<boolean> {
      const page = pages.fresh(key);
      if (!page || !isDocument(page)) return false;
      try {
        return await answer(req, res, key, page, true);
      } catch {
        // The application answers instead, and says what went wrong (a database outage: 503).
        return res.headersSent;
      }
    },

    /** The application's step: renders the shared page first when it is not cached. */
    async render(
      req: Parameters<RequestHandler>[0],
      res: Parameters<RequestHandler>[1],
      next: Parameters<RequestHandler>[2],
      key: string,
    ): Promise<void> {
      try {
        const url = new URL(key, publicUrl).href;
        const cached = pages.fresh(key);
        if (cached && !isDocument(cached)) return next();
        const page =
          cached ??
          (await pages.renderShared(key, async () => renderAnonymous(url, await loadContext(req, res))));
        if (!page || !(await answer(req, res, key, page, cached !== undefined))) next();
      } catch (error) {
        next(error);
      }
    },
  };
}
