import { data } from "react-router";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { sitemap, sitemapCount } from "~/.server/site/sitemap.ts";
import { cachedPage } from "~/http/http-policy.ts";
import { xmlResponse } from "~/http/xml.ts";
import type { Route } from "./+types/sitemap-file";

export const handle = cachedPage();

/** One file of a sitemap index (/sitemaps/2.xml), while the site needs more than one. */
export async function loader({ params }: Route.LoaderArgs) {
  const number = Number(/^([1-9]\d{0,5})\.xml$/.exec(params.file)?.[1]);
  const count = await sitemapCount(db());
  if (!number || count === 1 || number > count) throw data(null, { status: 404 });
  return xmlResponse(await sitemap(db(), config().publicUrl, number));
}
