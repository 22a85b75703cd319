/**
 * How the browser build groups modules into files. On a phone's connection every file is a
 * round trip, and a visitor's first page waits for all of its scripts, so what every page
 * needs travels in as few files as the build allows (decision 014).
 */
import path from "node:path";
import type { Rolldown } from "vite";

type ChunkingContext = Rolldown.ChunkingContext;

const appDir = path.resolve(import.meta.dirname, "../app");
const everyPageModules = [path.join(appDir, "root.tsx"), path.join(appDir, "entry.client.tsx")];
const routesDir = path.join(appDir, "routes") + path.sep;
const framework = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  // React and the router load on every page together: one file compresses better and costs
  // one request instead of seven.
  { name: "framework", test: framework, priority: 2 },
  // The layout's modules and the browser entry's, which every page loads, and the small
  // modules of ours that two or more pages share: one file instead of one each.
  { name: (id, ctx) => (inShell(id, ctx) ? "shell" : null), debugName: "shell", priority: 1 },
];

/** A module's file, without the query a plugin may add to its id. */
function fileOf(id: string): string {
  const query = id.indexOf("?");
  return query === -1 ? id : id.slice(0, query);
}

function isOurs(id: string): boolean {
  return fileOf(id).startsWith(appDir + path.sep);
}

function isRoute(id: string): boolean {
  return everyPageModules.includes(fileOf(id)) || fileOf(id).startsWith(routesDir);
}

function inShell(id: string, ctx: ChunkingContext): boolean {
  if (!isOurs(id) || isRoute(id) || fileOf(id).endsWith(".mdx")) return false;
  const routes = importingRoutes(id, ctx);
  if (everyPageModules.some((file) => routes.has(file))) return true;
  return routes.size >= 2 && needsNoLibrary(id, ctx);
}

/** The route modules (and the browser entry) that import this module, directly or through others. */
function importingRoutes(id: string, ctx: ChunkingContext, seen = new Set<string>()): Set<string> {
  const routes = new Set<string>();
  if (seen.has(id)) return routes;
  seen.add(id);
  for (const importer of ctx.getModuleInfo(id)?.importers ?? []) {
    if (isRoute(importer)) routes.add(fileOf(importer));
    else if (isOurs(importer)) for (const route of importingRoutes(importer, ctx, seen)) routes.add(route);
  }
  return routes;
}

/**
 * Whether this module imports nothing but our own code and the framework: a shared form
 * helper that brings a validation library along stays out of every page's download.
 */
function needsNoLibrary(id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (seen.has(id)) return true;
  seen.add(id);
  return (ctx.getModuleInfo(id)?.importedIds ?? []).every(
    (imported) => framework.test(imported) || (isOurs(imported) && needsNoLibrary(imported, ctx, seen)),
  );
}
