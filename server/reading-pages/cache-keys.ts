import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { megabyte, remembered } from "../../app/.server/http/remembered.ts";
import type { PageCacheRule } from "../../app/http/http-policy.ts";
import { type MatchableRoute, rememberedPathLength, routeTree } from "../route-patterns.ts";

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

/** The rule of the cacheable route a path matches, when the path is written the canonical way. */
function cacheableRule(tree: RouteObject[], pathname: string): PageCacheRule | undefined {
  let matches: ReturnType<typeof matchRoutes> = null;
  try {
    matches = matchRoutes(tree, pathname);
  } catch {
    return undefined;
  }
  const leaf = matches?.at(-1);
  const rule = (leaf?.route as MatchableRoute | undefined)?.rule;
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
