import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { contentPageNames } from "./lib/public-pages.ts";

export default [
  index("routes/content-page.tsx", { id: "page-index" }),
  ...contentPageNames.map((name) => route(name, "routes/content-page.tsx", { id: `page-${name}` })),
  route("footer", "routes/footer.tsx"),
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token", "routes/reset-password.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("home", "routes/blog-index.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("create-post", "routes/create-post.tsx"),
  route("edit-post/:slug", "routes/edit-post.tsx"),
  route("create-batch", "routes/create-batch.tsx"),
  route("status", "routes/status.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-file.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("rss.xml", "routes/rss.ts"),
  route("api/uploads/*", "routes/api.uploads.ts"),
  route("images/:id/:variant", "routes/images.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
