import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { textImagesOf } from "~/.server/posts/post-images.ts";
import { excerpt, renderMarkdown } from "~/posts/markdown.ts";
import { ownSlugs, signedUp, uploadCover } from "../support/author.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import type { Visitor } from "../support/visitor.ts";
import { childElements, parseXml, textOf, type XmlElement } from "../support/xml.ts";
import { type CorpusCase, expand, loadCorpus } from "./support/corpus.ts";

/**
 * Every title and content of the hostile corpus that the site accepts goes through /rss.xml,
 * a batch of twenty (the feed's size) at a time, and comes out of a strict XML parser exactly
 * as stored, in the elements it belongs in and no others.
 */
const feedSize = 20;
const posts = loadCorpus().filter(
  (c): c is Extract<CorpusCase, { kind: "post" }> =>
    c.kind === "post" && c.expect === "accepted" && c.route !== "edit",
);
const batches = Array.from({ length: Math.ceil(posts.length / feedSize) }, (_, i) =>
  posts.slice(i * feedSize, (i + 1) * feedSize),
);

/** XML 1.0 cannot carry these characters at all; the feed shows U+FFFD in their place. */
const asXmlCanCarry = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD");

const itemElements = [
  "title",
  "link",
  "guid",
  "pubDate",
  "atom:updated",
  "description",
  "content:encoded",
  "enclosure",
];

describe("the RSS feed, with titles and content from the hostile corpus", () => {
  let server: RunningServer;
  let db: Db;
  let author: Visitor;
  let cover: string;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: "off" });
    db = serverDatabase(server);
    author = await signedUp(server.url, "feed.author@example.com");
    cover = await uploadCover(author);
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
  });

  async function feed(): Promise<XmlElement> {
    const response = await fetch(`${server.url}/rss.xml`);
    expect(response.status).toBe(200);
    return parseXml(await response.text());
  }

  /** The channel's own elements (each once: a second title or link would be someone's markup), then its items. */
  function channelParts(channel: XmlElement): { own: string[]; items: XmlElement[] } {
    const parts = childElements(channel);
    const own = parts.filter((e) => e.name !== "item").map((e) => e.name);
    expect(own).toEqual([...new Set(own)]);
    expect(own).toEqual(expect.arrayContaining(["title", "link", "description"]));
    expect(
      parts.slice(own.length).every((e) => e.name === "item"),
      "items after the channel's elements",
    ).toBe(true);
    return { own, items: parts.filter((e) => e.name === "item") };
  }

  it("is one channel", async () => {
    const rss = await feed();
    expect(rss.name).toBe("rss");
    expect(childElements(rss).map((e) => e.name)).toEqual(["channel"]);
    expect(channelParts(childElements(rss)[0] as XmlElement).items).toEqual([]);
  });

  it.each(batches.map((batch, i) => [i + 1, batch] as const))(
    "carries batch %i exactly as stored",
    async (_number, batch) => {
      const before = new Set(await ownSlugs(author));
      for (const c of batch) {
        const fields = Object.fromEntries(
          Object.entries(c.fields).map(([name, value]) => [name, expand(value).replaceAll("$cover", cover)]),
        );
        const response = await author.post("/create-post", {
          title: "A walk down Moncur Street",
          content: "The **jacarandas** were out.",
          coverImageId: cover,
          ...fields,
        });
        expect(response.status, c.id).toBe(303);
      }
      const slugs = (await ownSlugs(author)).filter((slug) => !before.has(slug));
      expect(slugs).toHaveLength(batch.length);
      const stored = await db.selectFrom("posts").selectAll().execute();

      const rss = await feed();
      expect(childElements(rss).map((e) => e.name)).toEqual(["channel"]);
      const { items } = channelParts(childElements(rss)[0] as XmlElement);
      expect(items).toHaveLength(Math.min(feedSize, stored.length));
      const link = (slug: string) => `${server.url}/blog/${encodeURIComponent(slug)}`;
      const byLink = new Map(stored.map((post) => [link(post.slug), post]));
      const shown = new Set<string>();
      const problems: string[] = [];
      for (const item of items) {
        const parts = childElements(item);
        const part = (name: string) => textOf(parts.find((e) => e.name === name) as XmlElement);
        expect(parts.map((e) => e.name)).toEqual(itemElements);
        const post = byLink.get(part("link"));
        if (!post) {
          problems.push(`an item for ${part("link")}, which is no post of the site`);
          continue;
        }
        // As the post page renders it: with the images its text may show (decision 037).
        const own = await textImagesOf(db, post.slug);
        const html = renderMarkdown(post.content, new Map(own.map((image) => [image.id, image])));
        if (part("title") !== asXmlCanCarry(post.title))
          problems.push(`title of ${post.slug}: ${JSON.stringify(part("title"))}`);
        if (part("content:encoded") !== asXmlCanCarry(html)) problems.push(`content of ${post.slug}`);
        if (part("description") !== asXmlCanCarry(excerpt(html, 300)))
          problems.push(`description of ${post.slug}`);
        if (part("guid") !== part("link")) problems.push(`guid of ${post.slug}`);
        shown.add(post.slug);
      }
      expect(problems).toEqual([]);
      expect(
        slugs.filter((slug) => !shown.has(slug)),
        "this batch's posts missing from the feed",
      ).toEqual([]);
    },
  );
});
