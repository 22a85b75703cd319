import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { formatSydneyDateTime, sydneyWallTime } from "~/site/sydney-time.ts";
import { signedUp, uploadCover } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/** Where the screenshots of the preview pages go, to be looked at. */
const screenshots = path.resolve("test-results", "preview-links");
mkdirSync(screenshots, { recursive: true });

/** A post's preview link over HTTP to the built server: who may make it, what it shows, when it ends. */
describe.each(serverDialects)("preview links over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let dispose: () => Promise<void>;
  let db: Db;
  let author: Visitor;
  const tokens: string[] = [];

  beforeAll(async () => {
    const prepared = await dialect.prepare();
    dispose = prepared.dispose;
    // At info, the access log: what the test of the log reads.
    server = await startServer({ ...prepared.env, RATE_LIMITS: "off", LOG_LEVEL: "info" });
    db = serverDatabase(server, prepared.env);
    author = await signedUp(server.url, "author@example.com");
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await dispose?.();
  });

  /** A new draft of the author's: its slug. */
  async function draft(title = `Laneway garden ${randomBytes(3).toString("hex")}`): Promise<string> {
    const response = await author.post("/create-post", {
      submissionId: randomBytes(16).toString("hex"),
      title,
      content: "Planter boxes along the **north wall**.",
      intent: "draft",
    });
    expect(response.status).toBe(303);
    return (response.headers.get("location") as string).replace("/edit-post/", "");
  }

  /** Makes the post's preview link as its author (or `who`), and returns its token. */
  async function makeLink(slug: string, who = author): Promise<string> {
    const response = await who.post(`/edit-post/${slug}/preview-link`, { intent: "make" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const token = html.match(new RegExp(`value="${server.url}/preview/([A-Za-z0-9_-]{43})"`))?.[1];
    if (!token) throw new Error("no preview link on the page");
    tokens.push(token);
    return token;
  }

  const preview = (token: string) => new Visitor(server.url).get(`/preview/${token}`);

  it("shows the latest saved draft to a logged-out visitor, marked, private and kept out of search engines", async () => {
    const title = `Laneway garden ${randomBytes(3).toString("hex")}`;
    const slug = await draft(title);
    const token = await makeLink(slug);
    for (let i = 0; i < 2; i++) {
      const response = await preview(token);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      // Rendered each time (the page cache answers without a request id).
      expect(response.headers.get("x-request-id")).not.toBeNull();
      const html = await response.text();
      const text = visibleText(html);
      expect(text).toContain("Preview — not published");
      expect(text).toContain(title);
      expect(text).toContain("Not published yet");
      expect(text).not.toContain("Published:");
      expect(html).toContain("<strong>north wall</strong>");
      expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
      expect(html).toMatch(/<meta name="referrer" content="no-referrer"/);
      expect(html).not.toContain('rel="canonical"');
    }
    // A later save shows at once.
    const edited = await author.post(`/edit-post/${slug}`, {
      title,
      content: "Planter boxes and a bench.",
      intent: "draft",
    });
    expect(edited.status).toBe(303);
    expect(visibleText(await (await preview(token)).text())).toContain("Planter boxes and a bench.");
    // Nowhere else: not the blog, its feed, the sitemap or search.
    const visitor = new Visitor(server.url);
    for (const path of ["/home", "/rss.xml", "/sitemap.xml", "/sitemaps/1.xml", "/search?q=laneway"]) {
      const body = await (await visitor.get(path)).text();
      expect(body, path).not.toContain(slug);
    }
    // The post's own address stays closed to the public.
    expect((await visitor.get(`/blog/${slug}`)).status).toBe(404);
  });

  it("shows a scheduled post with the moment it goes out", async () => {
    const moment = new Date(Date.now() + 2 * 24 * 3_600_000);
    const title = `Garden opening ${randomBytes(3).toString("hex")}`;
    const scheduled = await author.post("/create-post", {
      submissionId: randomBytes(16).toString("hex"),
      title,
      content: "Opening on Saturday.",
      coverImageId: await uploadCover(author),
      publishAt: sydneyWallTime(moment),
    });
    expect(scheduled.status).toBe(303);
    const { slug } = await db
      .selectFrom("posts")
      .select("slug")
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    const text = visibleText(await (await preview(await makeLink(slug))).text());
    expect(text).toContain("Preview — not published");
    expect(text).toContain(`To be published: ${formatSydneyDateTime(moment)} (Sydney time)`);
    expect((await new Visitor(server.url).get(`/blog/${slug}`)).status).toBe(404);
  });

  it("is the author's or an owner's to make: another author is refused, a visitor sent to log in", async () => {
    const slug = await draft();
    const stranger = await signedUp(server.url, "stranger@example.com");
    expect((await stranger.get(`/edit-post/${slug}/preview-link`)).status).toBe(403);
    expect((await stranger.post(`/edit-post/${slug}/preview-link`, { intent: "make" })).status).toBe(403);
    expect((await stranger.post(`/edit-post/${slug}/preview-link`, { intent: "revoke" })).status).toBe(403);
    const anonymous = await new Visitor(server.url).post(`/edit-post/${slug}/preview-link`, {
      intent: "make",
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    expect(await db.selectFrom("previewLinks").where("slug", "=", slug).selectAll().execute()).toEqual([]);
    const owner = await signedUp(server.url, "owner@example.com");
    await makeOwner(db, "owner@example.com");
    const token = await makeLink(slug, owner);
    expect((await preview(token)).status).toBe(200);
  });

  it("ends when revoked, replaced, expired, published or deleted: 404", async () => {
    const slug = await draft();
    const revoked = await makeLink(slug);
    const revoke = await author.post(`/edit-post/${slug}/preview-link`, { intent: "revoke" });
    expect([revoke.status, revoke.headers.get("location")]).toEqual([303, `/edit-post/${slug}/preview-link`]);
    expect((await preview(revoked)).status).toBe(404);
    const replaced = await makeLink(slug);
    const current = await makeLink(slug);
    expect([(await preview(replaced)).status, (await preview(current)).status]).toEqual([404, 200]);
    const notFound = visibleText(await (await preview(replaced)).text());
    expect(notFound).toContain("This preview link does not work (any more)");

    await db
      .updateTable("previewLinks")
      .set({ expiresAt: Date.now() - 1000 })
      .where("slug", "=", slug)
      .execute();
    expect((await preview(current)).status).toBe(404);

    const toPublish = await makeLink(slug);
    const published = await author.post(`/edit-post/${slug}`, {
      title: "The laneway garden is planted",
      content: "Planter boxes along the north wall.",
      coverImageId: await uploadCover(author),
    });
    expect(published.status).toBe(303);
    expect((await preview(toPublish)).status).toBe(404);
    // Published, it can have no link: its page is the one to share.
    const refused = await author.post(`/edit-post/${slug}/preview-link`, { intent: "make" });
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain(
      "Only a draft or a scheduled post can have a preview link",
    );

    const doomed = await draft();
    const toDelete = await makeLink(doomed);
    expect((await author.post(`/edit-post/${doomed}?delete`, {})).status).toBe(303);
    expect((await preview(toDelete)).status).toBe(404);
    expect((await preview("not-a-token")).status).toBe(404);
  });

  it("never writes a token to the server's log", async () => {
    expect(tokens.length).toBeGreaterThan(4);
    const log = server.output();
    expect(log).toContain('"url":"/preview/:token"');
    for (const token of tokens) expect(log).not.toContain(token);
  });
});

/** The same, as people do it: the author makes the link in the editor, a logged-out browser opens it. */
describe.skipIf(!chromiumPath)("preview links in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMITS: "off" }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the author makes a link from the editor; a logged-out browser sees the banner; both pages axe-clean", async () => {
    const author = await signedUp(server.url, "writer@example.com");
    const coverImageId = await uploadCover(author);
    const title = `Notes on the old post office ${randomBytes(3).toString("hex")}`;
    const created = await author.post("/create-post", {
      submissionId: randomBytes(16).toString("hex"),
      title,
      content: "## The clock\n\nIt was wound every Monday.",
      coverImageId,
      coverAlt: "The post office clock tower",
      tags: "history",
      intent: "draft",
    });
    const editor = created.headers.get("location") as string;

    const context = await contextAs(browser, author, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${editor}`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("link", { name: "Preview link" }).click();
    await page.getByRole("heading", { name: `Preview link for “${title}”` }).waitFor();
    await page.getByRole("heading", { name: "No preview link" }).waitFor();
    await page.getByRole("button", { name: "Make a preview link" }).click();
    const link = await page.getByLabel(/Your preview link/).inputValue();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("status").getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(link).toMatch(new RegExp(`^${server.url}/preview/[A-Za-z0-9_-]{43}$`));
    await page.getByRole("heading", { name: /^A preview link works until / }).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${screenshots}/preview-link-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    }

    const reader = await (await contextAs(browser, undefined)).newPage();
    await reader.goto(link);
    await reader.getByText("Preview — not published").waitFor();
    await reader.getByRole("heading", { level: 1, name: title }).waitFor();
    await reader.getByRole("heading", { name: "The clock" }).waitFor();
    expect(await reader.getByRole("img", { name: "The post office clock tower" }).count()).toBe(1);
    for (const width of [390, 1280]) {
      await reader.setViewportSize({ width, height: 900 });
      await reader.screenshot({ path: `${screenshots}/preview-${width}.png`, fullPage: true });
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const { violations } = await new AxeBuilder({ page: reader }).analyze();
      expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    }

    // Revoked in the editor, the reader's next visit finds nothing.
    await page.getByRole("button", { name: "Revoke the link" }).click();
    await page.getByRole("heading", { name: "No preview link" }).waitFor();
    await reader.reload();
    await reader.getByRole("heading", { name: "Preview not found" }).waitFor();
    await context.close();
  }, 180_000);
});
