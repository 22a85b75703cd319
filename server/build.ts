import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express from "express";
import type { ServerBuild } from "react-router";
import type * as AppEntry from "../app/entry.server.tsx";
import { fail } from "./fail.ts";
import { answeredBy } from "./request-metrics.ts";

const buildDir = path.resolve(import.meta.dirname, "..", "build");
export const assetsDir = path.join(buildDir, "client", "assets");

/**
 * What the application's server entry exports next to React Router's: start, stop, the
 * content version, the key of the request context the server fills, a signed-in reader's
 * fragments of a reading page (decision 025), and what the database scripts run
 * (`npm run db:migrate`, `npm run db:seed`, `npm run owner`).
 */
export type AppExports = Pick<
  typeof AppEntry,
  | "startApp"
  | "stopApp"
  | "currentContentVersion"
  | "requestContext"
  | "prepareDatabase"
  | "seedDevelopmentData"
  | "ownerCommand"
  | "personalFragments"
>;

export interface LoadedBuild {
  /** What React Router's handler takes: re-read on every request while developing. */
  handler: ServerBuild | (() => Promise<ServerBuild>);
  /** The build as it is now (its route table and entry). */
  current: ServerBuild;
  app: AppExports;
  /** The exports of the build that is serving now (a new one after each edit while developing). */
  currentApp: () => Promise<AppExports>;
}

/**
 * The server build. While developing, Vite serves the browser's files and rebuilds the
 * server's on every request; in production the build is loaded once and its files served
 * from disk, the assets for a year.
 */
export async function loadBuild(app: express.Express, production: boolean): Promise<LoadedBuild> {
  if (!production) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    const handler = () =>
      devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    return withAppExports(handler, await handler());
  }
  const build = await importProductionBuild();
  app.use(
    "/assets",
    (_req, res, next) => {
      answeredBy(res, "assets");
      next();
    },
    express.static(assetsDir, { immutable: true, maxAge: "1y", index: false }),
  );
  // Only paths known to be files reach the disk: a page request costs no failed stat.
  const clientDir = path.join(buildDir, "client");
  const publicFiles = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
  const serveFile = express.static(clientDir, { maxAge: "1d", index: false, redirect: false });
  app.use((req, res, next) => {
    if (!publicFiles.has(decodeURIComponent(req.path))) return next();
    answeredBy(res, "public files");
    serveFile(req, res, next);
  });
  return withAppExports(build, build);
}

/** The production build, or one line saying to build it. */
export async function importProductionBuild(): Promise<ServerBuild> {
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry))
    fail("the site is not built yet: run `npm run build` (`npm start` builds it for you)");
  return (await import(serverEntry)) as ServerBuild;
}

// entry.server.tsx exports these next to React Router's own; the entry's type is React Router's.
export const appExportsOf = (build: ServerBuild) =>
  build.entry.module as ServerBuild["entry"]["module"] & AppExports;

function withAppExports(handler: LoadedBuild["handler"], current: ServerBuild): LoadedBuild {
  const app = appExportsOf(current);
  const currentApp =
    typeof handler === "function" ? async () => appExportsOf(await handler()) : async () => app;
  return { handler, current, app, currentApp };
}
