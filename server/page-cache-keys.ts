import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { type PageCacheRule, pageCacheRule } from "../app/http-policy.ts";

interface CacheableRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: CacheableRoute[];
  rule?: PageCacheRule;
}

/** The build's flat route manifest as the tree React Router matches against. */
function routeTree(routes: ServerBuild["routes"]): CacheableRoute[] {
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
  return (url) => {
    const queryStart = url.indexOf("?");
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
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
    const canonical = `/${segments.join("/")}`;
    if (canonical !== pathname) return undefined;
    const query = new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1));
    const read = new URLSearchParams();
    for (const name of rule.query) {
      const value = query.get(name);
      if (value !== null) read.set(name, value);
    }
    return read.size > 0 ? `${canonical}?${read}` : canonical;
  };
}
