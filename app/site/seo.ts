import type { MetaDescriptor } from "react-router";
import { site } from "./site.ts";

export interface PageSeo {
  title: string;
  description: string;
  /** The page's own path, e.g. "/about"; made absolute for the canonical URL. */
  path: string;
  keywords?: readonly string[];
  author?: string;
  /** Site-relative or absolute URL of the sharing image. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
}

export const defaultSocialImage = "/illustrations/banner-1280.webp";

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function seoMeta(publicUrl: string, page: PageSeo): MetaDescriptor[] {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);
  const title = page.path === "/" ? `${site.name} | ${page.title}` : `${page.title} | ${site.name}`;
  const url = absolute(page.path);
  const image = absolute(page.image ?? defaultSocialImage);
  const imageAlt = page.imageAlt ?? `Illustration of ${site.building}`;
  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: (page.keywords ?? ["Woollahra", "Moncur Street"]).join(", ") },
    { name: "author", content: page.author ?? site.name },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:locale", content: "en_AU" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { name: "twitter:url", content: url },
  ];
}
