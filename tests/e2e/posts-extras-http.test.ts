import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { edit, ownSlugs, publish, signedUp, uploadCover } from "../support/author.ts";
import { contentChanged } from "../support/content-version.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/**
 * Drafts, schedules, tags, cover descriptions and search over HTTP against the built server:
 * each rule, message and status, and that nothing unpublished shows on any public address.
 */
describe.each(serverDialects)(
  "drafts, schedules, tags and search over HTTP on $name",
  (dialect: ServerDialect) => {
    let server: RunningServer;
    let env: Record<string, string>;
    let dispose: () => Promise<void>;
    let author: Visitor;
    let other: Visitor;
    let coverId: string;
    const visitor = () => new Visitor(server.url);
    const database = () => serverDatabase(server, env);
    const body = (response: Response) => response.text();

    const post = (fields: Record<string, string> = {}) => ({
      title: "Jacarandas on Moncur Street",
      content: "The **jacarandas** were out along the street.",
      coverImageId: coverId,
      ...fields,
    });

    /** Every public address an unpublished post must stay off, with what each answers. */
    const publicPaths = [
      "/home",
      "/rss.xml",
      "/sitemap.xml",
      "/search?q=jacarandas",
      "/tags/spring",
      "/tags/spring/rss.xml",
    ];
    async function publicEverywhere(): Promise<Record<string, string>> {
      const answers = await Promise.all(
        publicPaths.map(async (path) => [path, await body(await visitor().get(path))]),
      );
      return Object.fromEntries(answers);
    }

    beforeAll(async () => {
      ({ env, dispose } = await dialect.prepare());
      server = await startServer({ ...env, RATE_LIMITS: "off" });
      author = await signedUp(server.url, `extras.${dialect.name}@example.com`);
      other = await signedUp(server.url, `extras-other.${dialect.name}@example.com`);
      coverId = await uploadCover(author);
    });
    afterAll(async () => {
      await server?.stop();
      await dispose?.();
    });
    beforeEach(async () => {
      const db = database();
      await db.deleteFrom("posts").execute();
      await contentChanged(db, server.url);
      await db.destroy();
    });

    it("keeps a draft to its author until it is published, then shows it everywhere", async () => {
      const saved = await publish(author, post({ intent: "draft", tags: "Spring" }));
      expect(saved.status).toBe(303);
      // The notice is shown once, on the page the author is sent to.
      const location = saved.headers.get("location") as string;
      expect(await body(await author.get(location))).toMatch(/role="status"[\s\S]*Draft saved/);
      const [slug] = await ownSlugs(author);
      expect(location).toBe(`/edit-post/${slug}`);
      for (const reader of [visitor(), other]) {
        const page = await reader.get(`/blog/${slug}`);
        expect(page.status).toBe(404);
        expect(visibleText(await body(page))).toContain(
          "Sorry, we were unable to find a blog at this location",
        );
      }
      const own = await author.get(`/blog/${slug}`);
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      expect(visibleText(await body(own))).toContain(
        "Draft: only you and the site's owners can see this post until it is published.",
      );
      for (const [path, answer] of Object.entries(await publicEverywhere())) {
        expect(answer, path).not.toContain(slug);
        expect(answer, path).not.toContain("Jacarandas");
      }
      expect((await visitor().get("/tags/spring")).status).toBe(404);
      expect(visibleText(await body(await author.get("/dashboard")))).toMatch(
        /Drafts Jacarandas on Moncur Street Draft, saved/,
      );

      expect(await edit(author, slug as string, post({ intent: "publish", tags: "Spring" }))).toMatchObject({
        status: 303,
      });
      expect((await visitor().get(`/blog/${slug}`)).status).toBe(200);
      for (const [path, answer] of Object.entries(await publicEverywhere()))
        expect(answer, path).toContain(slug);
      expect(visibleText(await body(await author.get("/dashboard")))).not.toContain("Drafts");
    });

    it("refuses a Publish at in the past, invalid or skipped by daylight saving, with the message beside the field", async () => {
      const refusals: [string, string][] = [
        ["2020-01-01T10:00", "Publish at must be in the future"],
        ["soon", "Enter the date and time as dd/mm/yyyy and hh:mm"],
        ["2026-02-30T10:00", "That date and time does not exist in Sydney (clocks skip it); choose another"],
      ];
      for (const [publishAt, message] of refusals) {
        const refused = await publish(author, post({ publishAt }));
        expect(refused.status).toBe(400);
        const html = await body(refused);
        expect(html).toMatch(
          new RegExp(`id="[^"]*publishAt-error"[^>]*>${message.replace(/[()]/g, "\\$&")}<`),
        );
        // What was typed is kept.
        expect(html).toContain("Jacarandas on Moncur Street");
      }
      expect(await ownSlugs(author)).toEqual([]);
    });

    it("publishes a scheduled post at its moment, not before, on cached pages too", async () => {
      expect((await publish(author, post({ publishAt: "2099-01-01T09:00" }))).status).toBe(400);
      const saved = await publish(author, post({ publishAt: nextYearWallTime() }));
      expect(saved.status).toBe(303);
      const [slug] = await ownSlugs(author);
      expect(visibleText(await body(await author.get("/dashboard")))).toMatch(
        /Scheduled: \d\d-\d\d-\d{4} \d+:\d\d [ap]m \(Sydney time\)/,
      );
      expect(visibleText(await body(await author.get(`/blog/${slug}`)))).toContain(
        "Scheduled: only you and the site's owners can see this post until",
      );
      expect((await visitor().get(`/blog/${slug}`)).status).toBe(404);
      // Bring its moment close (no write the site sees) and watch the cached /home.
      const moment = Date.now() + 2000;
      const db = database();
      await db
        .updateTable("posts")
        .set({ publishedOn: moment, publishAt: moment })
        .where("slug", "=", slug as string)
        .execute();
      await db.destroy();
      expect(await body(await visitor().get("/home"))).not.toContain(slug);
      let shownAt: number | undefined;
      while (shownAt === undefined && Date.now() < moment + 3000) {
        const askedAt = Date.now();
        const home = await body(await visitor().get("/home"));
        if (home.includes(slug as string)) shownAt = askedAt;
      }
      expect(shownAt).toBeDefined();
      expect(shownAt).toBeGreaterThanOrEqual(moment - 50);
      expect((await visitor().get(`/blog/${slug}`)).status).toBe(200);
      expect(await body(await visitor().get("/rss.xml"))).toContain(slug);
    });

    it("saves tags lower-cased and folded, lists them on cards, post pages, tag pages and feeds", async () => {
      expect((await publish(author, post({ tags: " Street  Life, spring, SPRING " }))).status).toBe(303);
      const [slug] = await ownSlugs(author);
      const page = await body(await visitor().get(`/blog/${slug}`));
      expect(page).toContain('href="/tags/spring"');
      expect(page).toContain('href="/tags/street%20life"');
      expect(await body(await visitor().get("/home"))).toContain('href="/tags/street%20life"');
      const tagPage = await visitor().get("/tags/street%20life");
      expect(tagPage.status).toBe(200);
      expect(tagPage.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      expect(visibleText(await body(tagPage))).toContain("1 post, newest first.");
      for (const path of [
        "/tags/Spring",
        "/tags/unknown",
        "/tags/spring?page=2",
        "/tags/spring?page=0",
        "/tags/%20spring",
        "/tags/unknown/rss.xml",
      ])
        expect((await visitor().get(path)).status, path).toBe(404);
      const feed = await body(await visitor().get("/tags/spring/rss.xml"));
      expect(feed).toContain("<category>street life</category>");
      expect(feed).toContain(slug);
      expect(await body(await visitor().get("/sitemap.xml"))).toContain("/tags/street%20life</loc>");
    });

    it.each([
      ["a, b, c, d, e, f", "A post may have at most 5 tags"],
      [`${"x".repeat(31)}`, "Each tag must not exceed 30 characters"],
      ["<script>alert(1)</script>", "Tags may use only letters, digits, spaces and hyphens"],
    ])("refuses the tags %j: %s", async (tags, message) => {
      const refused = await publish(author, post({ tags }));
      expect(refused.status).toBe(400);
      expect(await body(refused)).toContain(message);
      expect(await ownSlugs(author)).toEqual([]);
    });

    it("uses the cover's description as its alt text on cards, the post page and og:image:alt", async () => {
      const tooLong = await publish(author, post({ coverAlt: "x".repeat(201) }));
      expect(tooLong.status).toBe(400);
      expect(await body(tooLong)).toContain("The description must not exceed 200 characters");
      const alt = 'Purple "jacaranda" <blossom> & a bench';
      expect((await publish(author, post({ coverAlt: alt }))).status).toBe(303);
      const [slug] = await ownSlugs(author);
      const escaped = "Purple &quot;jacaranda&quot; &lt;blossom&gt; &amp; a bench";
      const page = await body(await visitor().get(`/blog/${slug}`));
      expect(page).toContain(`alt="${escaped}"`);
      expect(page).toContain(`<meta property="og:image:alt" content="${escaped}"/>`);
      expect(await body(await visitor().get("/home"))).toContain(`alt="${escaped}"`);
    });

    it("searches public posts, marks the words, and never errors or echoes HTML", async () => {
      await publish(author, post({ title: "Gardens <b>of</b> Woollahra" }));
      await publish(author, post({ title: "A hidden draft about jacarandas", intent: "draft" }));
      const found = await visitor().get("/search?q=jacaranda");
      expect(found.status).toBe(200);
      expect(found.headers.get("cache-control")).toBe("private, no-store");
      const html = await body(found);
      expect(visibleText(html)).toContain("1 post matches your search.");
      expect(html).toContain(
        '<mark class="rounded-sm bg-sandstone-300 px-0.5 text-inherit">jacarandas</mark>',
      );
      expect(html).toContain("Gardens &lt;b&gt;of&lt;/b&gt; Woollahra");
      expect(html).not.toContain("hidden draft");
      for (const q of [
        '"jacaranda',
        "jacaranda -garden",
        "jac*",
        "NEAR(jacaranda garden)",
        "a OR b AND c",
        "<script>alert(1)</script>",
        "x".repeat(10_240),
        "%00",
      ]) {
        const response = await visitor().get(`/search?q=${encodeURIComponent(q)}`);
        expect(response.status, q).toBe(200);
        expect(await body(response)).not.toContain("<script>alert(1)");
      }
      expect(visibleText(await body(await visitor().get(`/search?q=${"x".repeat(10_240)}`)))).toContain(
        "Only the first 200 characters and 8 words of a search are used.",
      );
      expect(visibleText(await body(await visitor().get("/search?q=%22%2A")))).toContain(
        "Search for words: type letters or digits.",
      );
      expect((await visitor().get("/search?q=jacaranda&page=2")).status).toBe(404);
      expect((await visitor().get("/search?q=zzzz")).status).toBe(200);
    });

    it("offers a search field in the navbar and on /home", async () => {
      const home = await body(await visitor().get("/home"));
      expect(home.match(/<form[^>]* action="\/search"/g)?.length).toBe(3);
      expect(await body(await visitor().get("/about"))).toContain('action="/search"');
    });
  },
);

/** A wall time in Sydney about a year ahead (a valid future Publish at). */
function nextYearWallTime(): string {
  const date = new Date(Date.now() + 360 * 24 * 3_600_000);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}T10:00`;
}
