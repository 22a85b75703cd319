import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { listPostDates } from "~/.server/posts.ts";
import { publicPagePaths } from "~/lib/public-pages.ts";
import { escapeXml } from "~/lib/xml.ts";

/** The pages' content ships with the build, so it is no newer than this server's start. */
const pagesBuiltAt = new Date().toISOString();

export async function loader() {
  const { publicUrl } = config();
  const posts = await listPostDates(db());
  const entry = (path: string, lastmod: string) =>
    `<url><loc>${escapeXml(`${publicUrl}${encodeURI(path)}`)}</loc><lastmod>${lastmod}</lastmod></url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...publicPagePaths.map((path) =>
      entry(path, path === "/home" && posts[0] ? posts[0].publishedOn.toISOString() : pagesBuiltAt),
    ),
    ...posts.map((post) => entry(`/blog/${post.slug}`, post.publishedOn.toISOString())),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
