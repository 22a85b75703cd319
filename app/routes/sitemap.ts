import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { sitemap, sitemapCount, sitemapIndex } from "~/.server/site/sitemap.ts";
import { cachedPage } from "~/http/http-policy.ts";
import { xmlResponse } from "~/http/xml.ts";

export const handle = cachedPage();

/** Every public page and post; past the protocol's 50 000 addresses, an index of sitemap files. */
export async function loader() {
  const { publicUrl } = config();
  const count = await sitemapCount(db());
  return xmlResponse(count === 1 ? await sitemap(db(), publicUrl, 1) : sitemapIndex(publicUrl, count));
}
