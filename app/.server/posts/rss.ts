import { escapeXml } from "~/http/xml.ts";

export interface RssChannel {
  title: string;
  /** The page the feed follows. */
  link: string;
  description: string;
  language: string;
  copyright: string;
  updated: Date;
  /** The feed's own address. */
  feedUrl: string;
  imageUrl: string;
}

export interface RssItem {
  title: string;
  /** The item's page, which is also its permanent id. */
  link: string;
  published: Date;
  /** Its last change since then (the publication itself when none). */
  updated: Date;
  /** Plain text. */
  description: string;
  /** The item's whole body as HTML, carried as text like everything else. */
  html: string;
  /** Its tags, as RSS categories. */
  categories: string[];
  enclosure: { url: string; type: string } | null;
}

function attributes(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");
}

/**
 * Every value is escaped text, never CDATA: a CDATA section ends at the first `]]>` in it, so
 * a title could close its element and open others (and one invalid character would break the
 * feed for every subscriber; escapeXml replaces those).
 */
function element(name: string, text: string, attributeValues: Record<string, string> = {}): string {
  return `<${name}${attributes(attributeValues)}>${escapeXml(text)}</${name}>`;
}

/** An RSS 2.0 document, with the content module for full bodies and Atom's self link. */
export function rssDocument(channel: RssChannel, items: RssItem[]): string {
  const namespaces = {
    version: "2.0",
    "xmlns:atom": "http://www.w3.org/2005/Atom",
    "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
  };
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rss${attributes(namespaces)}>`,
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    element("language", channel.language),
    element("copyright", channel.copyright),
    element("lastBuildDate", channel.updated.toUTCString()),
    `<atom:link${attributes({ href: channel.feedUrl, rel: "self", type: "application/rss+xml" })}/>`,
    `<image>${element("url", channel.imageUrl)}${element("title", channel.title)}${element("link", channel.link)}</image>`,
    ...items.map((item) =>
      [
        "<item>",
        element("title", item.title),
        element("link", item.link),
        element("guid", item.link, { isPermaLink: "true" }),
        element("pubDate", item.published.toUTCString()),
        element("atom:updated", item.updated.toISOString()),
        element("description", item.description),
        element("content:encoded", item.html),
        ...item.categories.map((category) => element("category", category)),
        ...(item.enclosure
          ? [`<enclosure${attributes({ url: item.enclosure.url, length: "0", type: item.enclosure.type })}/>`]
          : []),
        "</item>",
      ].join("\n"),
    ),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
