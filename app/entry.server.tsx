import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { pageCacheControl } from "../server/reading-pages/sharing.ts";
import { loggedUrl } from "./.server/accounts/links.ts";
import { requestContext } from "./.server/http/request-context.ts";
import { log } from "./.server/log.ts";
import { pageCacheRule } from "./http/http-policy.ts";
import type { RootData } from "./http/root-data.ts";

export { ownerCommand } from "./.server/accounts/owner-command.ts";
export { seedDevelopmentData } from "./.server/db/seed.ts";
export { personalFragments } from "./.server/http/personal-fragments.tsx";
export { requestContext } from "./.server/http/request-context.ts";
export { currentContentVersion, prepareDatabase, startApp, stopApp } from "./.server/startup.ts";

const renderTimeout = 10_000;

/**
 * Renders the whole document before answering (never a streamed shell), so every page is
 * complete HTML that works with JavaScript off and can be cached.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Response | Promise<Response> {
  if (request.method === "HEAD") {
    headers.set("Cache-Control", cacheControl(status, routerContext));
    return new Response(null, { status, headers });
  }

  // Made by the server for this response alone; it matches the CSP header.
  const { id, nonce } = loadContext.get(requestContext);
  return new Promise((resolve, reject) => {
    let responseStatus = status;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every boundary in place, however large: React would otherwise move big ones to the
        // end of the document behind a script, hidden without JavaScript and shifting layout.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timer);
          // The whole document is ready: one body, not a stream of small chunks.
          const chunks: Buffer[] = [];
          headers.set("Content-Type", "text/html; charset=utf-8");
          headers.set("Cache-Control", cacheControl(responseStatus, routerContext));
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, done) {
                chunks.push(chunk);
                done();
              },
              final(done) {
                resolve(new Response(Buffer.concat(chunks), { headers, status: responseStatus }));
                done();
              },
            }),
          );
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          responseStatus = 500;
          logError(error, request, id);
        },
      },
    );
    const timer = setTimeout(abort, renderTimeout);
  });
}

/** Whether the page may be shared is `sharing.ts`'s to say, from what it was rendered for. */
function cacheControl(status: number, context: EntryContext): string {
  const { matches, loaderData, errors } = context.staticHandlerContext;
  const root = loaderData.root as RootData | undefined;
  const page = matches.at(-1)?.route.id;
  return pageCacheControl({
    status,
    errored: Boolean(errors),
    cacheable: page !== undefined && pageCacheRule(context.routeModules[page]?.handle) !== undefined,
    signedIn: root?.email !== null,
    notice: root?.toast !== null,
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError(error, request, context.get(requestContext).id);
};

function logError(error: unknown, request: Request, requestId: string): void {
  const { pathname, search } = new URL(request.url);
  log().error({ err: error, requestId, url: loggedUrl(`${pathname}${search}`) }, "request failed");
}
