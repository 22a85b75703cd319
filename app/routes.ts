import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** Every content page (a Markdown file under app/content/pages) by its path. */
const contentPages = [
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
];

export default [
  index("routes/content-page.tsx", { id: "page-home" }),
  ...contentPages.map((name) => route(name, "routes/content-page.tsx", { id: `page-${name}` })),
  route("footer", "routes/footer.tsx"),
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("home", "routes/home.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("create-post", "routes/create-post.tsx"),
  route("edit-post/:slug", "routes/edit-post.tsx"),
  route("create-batch", "routes/create-batch.tsx"),
  route("status", "routes/status.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("api/uploads/*", "routes/api.uploads.ts"),
  route("images/:id/:variant", "routes/images.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
