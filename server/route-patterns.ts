import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { megabyte, remembered } from "../app/.server/http/remembered.ts";
import { type PageCacheRule, pageCacheRule } from "../app/http/http-policy.ts";

export interface MatchableRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: MatchableRoute[];
  /** The page cache's rule, when the route declares its page cacheable. */
  rule?: PageCacheRule;
}

/** The build's flat route manifest as the tree React Router matches against. */
export function routeTree(routes: ServerBuild["routes"]): MatchableRoute[] {
  const byParent = new Map<string | undefined, MatchableRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node: MatchableRoute = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      rule: pageCacheRule(route.module.handle),
    };
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), node]);
  }
  const attach = (node: MatchableRoute): MatchableRoute => {
    const children = byParent.get(node.id);
    return children ? { ...node, children: children.map(attach) } : node;
  };
  return (byParent.get(undefined) ?? []).map(attach);
}

/** Longer paths are matched every time: visitors can make up any number of any length. */
export const rememberedPathLength = 200;

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
