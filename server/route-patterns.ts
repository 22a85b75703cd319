import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { megabyte, remembered } from "../app/.server/http/remembered.ts";
import { rememberedPathLength, routeTree } from "./page-cache-keys.ts";

/**
 * The pattern of the route a request address matches, as routes.ts writes it (`/blog/:slug`,
 * `/*` for the page that says nothing is there): what the metrics label a request with, never
 * the address itself, which may hold a token and takes any number of values.
 */
export function routePatterns(routes: ServerBuild["routes"]): (url: string) => string {
  const tree = routeTree(routes) as RouteObject[];
  const rememberedPattern = remembered(2 * megabyte, (pathname) => patternOf(tree, pathname));
  return (url) => {
    const queryStart = url.indexOf("?");
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    return pathname.length > rememberedPathLength ? patternOf(tree, pathname) : rememberedPattern(pathname);
  };
}

function patternOf(tree: RouteObject[], pathname: string): string {
  let matches: ReturnType<typeof matchRoutes> = null;
  try {
    matches = matchRoutes(tree, pathname);
  } catch {
    // An address React Router cannot read is answered by the page for nothing there.
  }
  const segments = (matches ?? []).flatMap(({ route }) => (route.path ? [route.path] : []));
  return matches ? `/${segments.join("/")}` : "/*";
}
