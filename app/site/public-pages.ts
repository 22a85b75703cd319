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
export const publicPagePaths = [
  "/",
  ...contentPageNames.filter((name) => name !== "offices-woollahra").map((name) => `/${name}`),
  "/home",
  "/footer",
  "/contact",
];

/** Pages for signed-in users, which search engines are asked to leave alone. */
export const privatePathPrefixes = [
  "/create-post",
  "/edit-post/",
  "/dashboard",
  "/login",
  "/register",
  "/logout",
  "/forgot-password",
  "/reset-password/",
  "/verify-email/",
  "/account",
  "/api/",
];
