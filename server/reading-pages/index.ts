/**
 * Reading pages answered before the application: the one entry point of the fast path
 * (decisions 006, 025, 027).
 *
 * - `sharing.ts`: what may be shared, stated once (the application's entry.server.tsx asks it too).
 * - `cache-keys.ts`: the key of a request address (its route's canonical path and the query it reads).
 * - `page-cache.ts`: pages kept for visitors without a session, valid while the content version
 *   (`content-version.ts`) and Sydney's date are those they were made under; `segmented-lru.ts`
 *   holds them.
 * - `personal-pages.ts` + `spliced-page.ts`: a signed-in reader's page, the shared one with their
 *   own parts put in. The parts are rendered by the application from the layout's own components
 *   (app/.server/http/personal-fragments.tsx).
 *
 * `answer` runs before Express: a visitor's cached page, or a reader's page made from one.
 * `application` runs inside Express, before React Router: it offers what the application renders
 * to the cache, renders the shared page for a reader when it is not cached yet, and marks the
 * content version as changing before any write is answered.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { sydneyDay } from "../../app/site/dates.ts";
import { answeredBy } from "../request-metrics.ts";
import { beforeHeaders } from "../responses.ts";
import { trackContentVersion } from "./content-version.ts";
import { PageCache } from "./page-cache.ts";
import { type PersonalPagesOptions, personalReadingPages } from "./personal-pages.ts";
import { audienceOf } from "./sharing.ts";

/** A few hundred pages a thread; addresses asked for once hold a fifth of it at most (`segmented-lru.ts`). */
const cacheBytes = 16 * 1024 * 1024;

/** As a reader's pages need them (`publicUrl`, `loadContext`, `fragments`, `logger`), and: */
interface ReadingPagesOptions extends Omit<PersonalPagesOptions, "pages" | "renderAnonymous"> {
  /** The page cache's key for a request address (`cache-keys.ts`). */
  keyFor: (url: string) => string | undefined;
  /** The content version in the database (bumped by every write that changes a public page). */
  readVersion: () => Promise<number>;
  /** Writes seen by any thread of this server (shared memory). */
  writes: Int32Array;
  /** The script policy for a stored body. */
  policyFor: (body: Buffer) => string;
  /** The application, which renders a reader's page for no one when it is not cached yet. */
  build: ServerBuild;
}

export interface ReadingPages {
  /** True when answered; a promise of it for a reader's page; false to let the application answer. */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  application: RequestHandler;
}

export async function readingPages(options: ReadingPagesOptions): Promise<ReadingPages> {
  const { keyFor, policyFor } = options;
  const version = trackContentVersion(options.readVersion, options.writes);
  await version.refresh();
  const cache = new PageCache({ maxBytes: cacheBytes, version: version.current, day: sydneyDay, policyFor });
  const render = createRequestHandler(options.build, "production");
  const readers = personalReadingPages({
    ...options,
    pages: cache,
    renderAnonymous: (url, context) => render(new Request(url), context),
  });
  const target = (req: IncomingMessage) => {
    const audience = audienceOf(req);
    const key = audience && keyFor(req.url ?? "");
    return key === undefined || audience === undefined ? undefined : { audience, key };
  };

  return {
    answer(req, res) {
      const page = target(req);
      if (!page) return false;
      if (page.audience === "reader") return readers.serve(req, res, page.key);
      if (!cache.serve(req, res, page.key)) return false;
      answeredBy(res, "page cache");
      return true;
    },

    application(req, res, next) {
      const page = target(req);
      if (!page) {
        if (req.method !== "GET" && req.method !== "HEAD") beforeHeaders(res, version.changing);
        return next();
      }
      if (page.audience === "reader") return void readers.render(req, res, next, page.key);
      cache.record(req, res, page.key);
      next();
    },
  };
}
