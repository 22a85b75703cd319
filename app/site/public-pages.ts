import type { RoutePath, RoutePrefix } from "./route-paths.ts";

/** Every content page (a Markdown file under app/content/pages) by its path segment. */
export const contentPageNames = [
  "offices-woollahra",
  "about",
  "building",
  "commercial",
  "woollahra",
  "maloney",
  "post",
  "gallery",
  "suburb",
  "hotel",
  "church",
  "station",
  "centennial-park",
  "art-gallery",
  "woollahra-moncur",
  "bon-trading",
  "alex-example",
  "jamie-sample",
  "privacy",
] as const;

/** The public pages search engines should know about (posts come from the database). */
export const publicPagePaths: RoutePath[] = [
  "/",
  ...contentPageNames.filter((name) => name !== "offices-woollahra").map((name): RoutePath => `/${name}`),
  "/home",
  "/footer",
  "/contact",
];

/**
 * What search engines are asked to leave alone (robots.txt): pages for signed-in users and
 * the manage area, search results, previews, and the pages a form or an email's link leads
 * to. Prefixes as robots.txt matches them; a trailing slash keeps the page itself (`/contact`,
 * `/subscribe`) crawlable. tests/unit/route-paths.test.ts checks every route in routes.ts
 * against this list.
 */
export const privatePathPrefixes: RoutePrefix[] = [
  "/create-post",
  "/create-batch",
  "/edit-post/",
  "/preview/",
  "/dashboard",
  "/manage",
  "/search",
  "/login",
  "/register",
  "/logout",
  "/forgot-password",
  "/reset-password/",
  "/verify-email/",
  "/account",
  "/contact/",
  "/subscribe/",
  "/unsubscribe/",
  "/api/",
];
