import { escapeXml } from "~/http/xml.ts";
import { publicPagePaths } from "~/site/public-pages.ts";
import type { Db } from "../db/database.ts";
import { countPosts, countPublicTags, lastChanged, listPostDates, publicTags } from "../posts/posts.ts";
import { listSpaces } from "./spaces.ts";

/** The sitemap protocol's limit of addresses in one file. */
export const urlsPerSitemap = 50_000;

/** The pages' content ships with the build, so it is no newer than this server's start. */
const pagesBuiltAt = new Date().toISOString();

const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>';
const namespace = "http://www.sitemaps.org/schemas/sitemap/0.9";

/**
 * How many sitemap files the site needs: the public pages come first, then every post,
 * newest first, then every tag's page.
 */
export async function sitemapCount(db: Db): Promise<number> {
  const [pagePaths, posts, tags] = await Promise.all([pagesOf(db), countPosts(db), countPublicTags(db)]);
  return Math.max(1, Math.ceil((pagePaths.length + posts + tags) / urlsPerSitemap));
}

/** The site's own pages and the pages of the spaces for lease visitors can see. */
async function pagesOf(db: Db): Promise<string[]> {
  const spaces = await listSpaces(db, { listed: true });
  return [...publicPagePaths, ...spaces.map(({ slug }) => `/spaces/${slug}`)];
}

/** Sitemap file `number` (from 1): its share of the pages and posts, each with its lastmod. */
export async function sitemap(db: Db, publicUrl: string, number: number): Promise<string> {
  const first = (number - 1) * urlsPerSitemap;
  const pagePaths = await pagesOf(db);
  const pages = pagePaths.slice(first, first + urlsPerSitemap);
  const postOffset = Math.max(0, first - pagePaths.length);
  const posts = await listPostDates(db, { offset: postOffset, limit: urlsPerSitemap - pages.length });
  const room = urlsPerSitemap - pages.length - posts.length;
  const tags =
    room > 0
      ? await publicTags(db, {
          offset: Math.max(0, first - pagePaths.length - (await countPosts(db))),
          limit: room,
        })
      : [];
  const newestPost =
    pages.includes("/home") && first === 0
      ? (await listPostDates(db, { offset: 0, limit: 1 }))[0]
      : undefined;
  const entry = (path: string, lastmod: string) =>
    `<url><loc>${escapeXml(`${publicUrl}${encodeURI(path)}`)}</loc><lastmod>${lastmod}</lastmod></url>`;
  return [
    xmlDeclaration,
    `<urlset xmlns="${namespace}">`,
    ...pages.map((path) =>
      entry(path, path === "/home" && newestPost ? newestPost.publishedOn.toISOString() : pagesBuiltAt),
    ),
    ...posts.map((post) => entry(`/blog/${post.slug}`, lastChanged(post).toISOString())),
    ...tags.map(({ tag, newest }) => entry(`/tags/${tag}`, newest.toISOString())),
    "</urlset>",
    "",
  ].join("\n");
}

/** The index search engines read when the site outgrows one sitemap file. */
export function sitemapIndex(publicUrl: string, count: number): string {
  return [
    xmlDeclaration,
    `<sitemapindex xmlns="${namespace}">`,
    ...Array.from(
      { length: count },
      (_, i) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
    ),
    "</sitemapindex>",
    "",
  ].join("\n");
}
