import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { megabyte, remembered } from "../app/.server/http/remembered.ts";
import { type PageCacheRule, pageCacheRule } from "../app/http/http-policy.ts";

interface CacheableRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: CacheableRoute[];
  rule?: PageCacheRule;
}

/** The build's flat route manifest as the tree React Router matches against. */
export function routeTree(routes: ServerBuild["routes"]): CacheableRoute[] {
  const byParent = new Map<string | undefined, CacheableRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node: CacheableRoute = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      rule: pageCacheRule(route.module.handle),
    };
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), node]);
  }
  const attach = (node: CacheableRoute): CacheableRoute => {
    const children = byParent.get(node.id);
    return children ? { ...node, children: children.map(attach) } : node;
  };
  return (byParent.get(undefined) ?? []).map(attach);
}

/**
 * The page cache's key for a request address: the canonical path of the route it matches
 * plus only the query parameters that route reads, or undefined when the route is not
 * declared cacheable or the address is not written the canonical way (other spellings, such
 * as `/Home` or `/%68ome`, are rendered by the application every time).
 */
export function pageCacheKeys(routes: ServerBuild["routes"]): (url: string) => string | undefined {
  const tree = routeTree(routes) as RouteObject[];
  // matchRoutes ranks every route on each call (about 0.2 ms with this site's routes, more
  // than answering from the cache itself), so each short path's rule is remembered.
  const rememberedRule = remembered(2 * megabyte, (pathname) => cacheableRule(tree, pathname));
  const ruleOf = (pathname: string) =>
    pathname.length > rememberedPathLength ? cacheableRule(tree, pathname) : rememberedRule(pathname);
  return (url) => {
    const queryStart = url.indexOf("?");
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    const rule = ruleOf(pathname);
    if (!rule) return undefined;
    const query = new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1));
    const read = new URLSearchParams();
    for (const name of rule.query) {
      const value = query.get(name);
      if (value !== null) read.set(name, value);
    }
    return read.size > 0 ? `${pathname}?${read}` : pathname;
  };
}

/** Longer paths are matched every time: visitors can make up any number of any length. */
export const rememberedPathLength = 200;

/** The rule of the cacheable route a path matches, when the path is written the canonical way. */
function cacheableRule(tree: RouteObject[], pathname: string): PageCacheRule | undefined {
  let matches: ReturnType<typeof matchRoutes> = null;
  try {
    matches = matchRoutes(tree, pathname);
  } catch {
    return undefined;
  }
  const leaf = matches?.at(-1);
  const rule = (leaf?.route as CacheableRoute | undefined)?.rule;
  if (!matches || !leaf || !rule) return undefined;
  const segments: string[] = [];
  for (const { route } of matches) {
    for (const segment of route.path?.split("/") ?? []) {
      if (segment === "") continue;
      if (segment === "*" || segment.endsWith("?")) return undefined;
      const value = segment.startsWith(":") ? leaf.params[segment.slice(1)] : segment;
      if (value === undefined) return undefined;
      segments.push(segment.startsWith(":") ? encodeURIComponent(value) : segment);
    }
  }
  return `/${segments.join("/")}` === pathname ? rule : undefined;
}
