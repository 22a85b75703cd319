import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { linkRoutes } from "~/.server/accounts/links.ts";
import { bodyLimits } from "~/http/http-policy.ts";
import routes from "~/routes.ts";
import { manageNav } from "~/site/manage.ts";
import { mainNav } from "~/site/nav.ts";
import { privatePathPrefixes, publicPagePaths } from "~/site/public-pages.ts";

/**
 * The routes search engines may crawl, besides the content pages. Any other route must fall
 * under a robots.txt prefix: a new route fails here until it is put on one side.
 */
const crawledRoutes = new Set([
  "/footer",
  "/home",
  "/blog/:slug",
  "/tags/:tag",
  "/tags/:tag/rss.xml",
  "/authors/:handle",
  "/spaces/:slug",
  "/contact",
  "/subscribe",
  "/status",
  "/healthz",
  "/readyz",
  "/sitemap.xml",
  "/sitemaps/:file",
  "/robots.txt",
  "/rss.xml",
  "/images/:id/:variant",
  "/*",
]);

/** Every route's path in the table, nested layouts flattened, as a browser asks for it. */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return [
      ...(entry.path !== undefined || entry.index ? [own || "/"] : []),
      ...routePaths(entry.children ?? [], own),
    ];
  });
}

const paths = routePaths(routes);

/** Whether some route's path starts with `prefix`, cut where a segment ends (a RoutePrefix). */
const startsSomeRoute = (prefix: string) =>
  paths.some((path) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));

/**
 * The lists of paths are typed by the routes (app/site/route-paths.ts), so a typecheck catches
 * a path no route has; this catches it when the tests run without one.
 */
describe("the site's lists of paths", () => {
  it("name routes in app/routes.ts", () => {
    const listed = [...mainNav, ...manageNav].map((item) => item.href);
    expect(
      [...listed, ...publicPagePaths, ...Object.values(linkRoutes)].filter((path) => !paths.includes(path)),
    ).toEqual([]);
  });

  it("match on the start of some route's path", () => {
    const prefixes = [...privatePathPrefixes, ...bodyLimits.map(([prefix]) => prefix)];
    expect(prefixes.filter((prefix) => !startsSomeRoute(prefix))).toEqual([]);
  });
});

const disallowed = (path: string) => privatePathPrefixes.some((prefix) => path.startsWith(prefix));
const contentPage = (path: string) =>
  routes.some((entry) => entry.id?.startsWith("page-") && `/${entry.path ?? ""}` === path);

describe("robots.txt's list of what is not crawled", () => {
  it("covers every route that is not a public page, and no public page", () => {
    const unplaced = paths.filter(
      (path) => !disallowed(path) && !crawledRoutes.has(path) && !contentPage(path),
    );
    expect(unplaced).toEqual([]);
    const blockedPublic = paths.filter(
      (path) => disallowed(path) && (crawledRoutes.has(path) || contentPage(path)),
    );
    expect(blockedPublic).toEqual([]);
  });

  it("keeps out the manage area, search results, accounts, the editor, previews and emailed links", () => {
    for (const path of [
      "/manage",
      "/manage/subscribers.csv",
      "/search",
      "/account/email",
      "/dashboard",
      "/create-post",
      "/edit-post/:slug",
      "/preview/:token",
      "/subscribe/confirm/:token",
      "/unsubscribe/:token",
      "/verify-email/:token",
      "/reset-password/:token",
      "/contact/sent",
    ])
      expect(disallowed(path), path).toBe(true);
  });
});
