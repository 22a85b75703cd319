import { config } from "~/.server/config.ts";
import { cachedPage } from "~/http/http-policy.ts";
import { privatePathPrefixes } from "~/site/public-pages.ts";

export const handle = cachedPage();

export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...privatePathPrefixes.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${config().publicUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
