import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { formatSydneyDate } from "~/site/dates.ts";
import { publish, signedUp, uploadCover } from "../support/author.ts";
import { chromiumPath, contextAs } from "../support/browser.ts";
import { contentChanged } from "../support/content-version.ts";
import { makeOwner } from "../support/owners.ts";
import type { RunningServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { siteInChromium } from "../support/site-in-chromium.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const yearMs = 365 * 24 * 3_600_000;
/** Where the screenshots of the editor and the revisions page go, to be looked at. */
const screenshots = path.resolve("test-results", "writing");
mkdirSync(screenshots, { recursive: true });

/** SPEC §14 in Chromium: drafts kept half-finished, dates that stay, owners' fixes, errors while typing. */
describe.skipIf(!chromiumPath).each(serverDialects)(
  "writing in Chromium on $name",
  (dialect: ServerDialect) => {
    let server: RunningServer;
    let db: Db;
    let browser: Browser;
    let close: () => Promise<void>;
    let owner: Visitor;
    let counter = 0;

    beforeAll(async () => {
      ({ server, browser, db, close } = await siteInChromium(dialect));
      owner = await signedUp(server.url, "owner@example.com");
      await makeOwner(db, "owner@example.com");
    });
    afterAll(() => close?.());

    async function pageAs(visitor: Visitor, javaScript = true): Promise<Page> {
      const context = await contextAs(browser, visitor, {
        javaScriptEnabled: javaScript,
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      return page;
    }

    async function openEditor(page: Page, path: string) {
      await page.goto(`${server.url}${path}`);
      await page.locator("html[data-hydrated]").waitFor();
    }

    it("an owner fixes a typo in an author's year-old post: the byline and Published stay, Updated shows", async () => {
      const author = await signedUp(server.url, `author${++counter}@example.com`);
      const title = `Moncur Street in the rain ${randomBytes(3).toString("hex")}`;
      await publish(author, { title, content: "The awnings keep the footpath dyr." });
      const { slug, userId } = await db
        .selectFrom("posts")
        .select(["slug", "userId"])
        .where("title", "=", title)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("members")
        .values({ userId: String(userId), displayName: "Jamie Sample" })
        .onConflict((conflict) => conflict.column("userId").doUpdateSet({ displayName: "Jamie Sample" }))
        .execute();
      const published = new Date(Date.now() - yearMs);
      await db
        .updateTable("posts")
        .set({ publishedOn: published.getTime(), firstPublishedOn: published.getTime() })
        .where("slug", "=", slug)
        .execute();
      await contentChanged(db, server.url);

      const page = await pageAs(owner);
      await openEditor(page, `/edit-post/${slug}`);
      await page
        .getByText("You are editing Jamie Sample’s post as an owner: the byline stays theirs.")
        .waitFor();
      await page.getByLabel("Content (Markdown)").fill("The awnings keep the footpath dry.");
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.waitForURL(`${server.url}/dashboard`);
      await page.context().close();

      const html = await (await new Visitor(server.url).get(`/blog/${slug}`)).text();
      const today = formatSydneyDate(new Date());
      expect(visibleText(html)).toContain(
        `By Jamie Sample · Published: ${formatSydneyDate(published)} · Updated: ${today}`,
      );
      expect(visibleText(html)).toContain("The awnings keep the footpath dry.");
      const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
        .map((match) => JSON.parse(match[1] as string))
        .find((data) => data["@type"] === "BlogPosting");
      expect(jsonLd.datePublished).toBe(published.toISOString());
      expect(Date.parse(jsonLd.dateModified)).toBeGreaterThan(Date.now() - 60_000);
      const stored = await db
        .selectFrom("posts")
        .select(["userId", "publishedOn"])
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow();
      expect([stored.userId, Number(stored.publishedOn)]).toEqual([userId, published.getTime()]);
      expect(visibleText(await (await owner.get("/manage/activity")).text())).toContain("edited post");
      // The home page still places it by its first publication: behind a newer post.
      const newer = await publish(author, { title: `${title} again`, content: "Sun now." });
      expect(newer.status).toBe(303);
      const home = await (await new Visitor(server.url).get("/home")).text();
      expect(home.indexOf(`${title} again`)).toBeLessThan(home.indexOf(`/blog/${slug}"`));
    });

    it.each([true, false])("keeps a draft with only its title (JavaScript %s)", async (javaScript) => {
      const writer = await signedUp(server.url, `drafter${++counter}@example.com`);
      const page = await pageAs(writer, javaScript);
      if (javaScript) await openEditor(page, "/create-post");
      else await page.goto(`${server.url}/create-post`);
      await page.getByLabel("Title").fill("Notes for a piece on the old post office");
      if (javaScript) {
        await expect.poll(() => page.getByRole("button", { name: "Save draft" }).isDisabled()).toBe(false);
        expect(await page.getByRole("button", { name: "Publish", exact: true }).isDisabled()).toBe(true);
      }
      await page.getByRole("button", { name: "Save draft" }).click();
      await page.waitForURL(/\/edit-post\/notes-for-a-piece-on-the-old-post-office-\d+$/);
      await page.getByRole("status").getByText("Draft saved").waitFor();
      expect(await page.getByLabel("Title").inputValue()).toBe("Notes for a piece on the old post office");
      // Publishing still needs the rest, with the same messages beside the fields.
      if (!javaScript) {
        await page.getByRole("button", { name: "Publish", exact: true }).click();
        await page.getByText("Content is required").waitFor();
        await page.getByText("Cover image is required").waitFor();
      }
      await page.goto(`${server.url}/dashboard`);
      await page.getByText(/^Draft, saved \d\d-\d\d-\d{4}$/).waitFor();
      await page.context().close();
    });

    it("compares a revision word by word and restores it; the page and the editor fit a phone, axe-clean", async () => {
      const author = await signedUp(server.url, `reviser${++counter}@example.com`);
      const coverImageId = await uploadCover(author);
      const title = `The post office clock ${randomBytes(3).toString("hex")}`;
      await publish(author, { title, content: "The clock was wound every Monday.", coverImageId });
      const { slug } = await db
        .selectFrom("posts")
        .select("slug")
        .where("title", "=", title)
        .executeTakeFirstOrThrow();
      expect(
        (
          await author.post(`/edit-post/${slug}`, {
            title,
            content: "The clock was wound every Friday.",
            coverImageId,
          })
        ).status,
      ).toBe(303);

      const page = await pageAs(author);
      await openEditor(page, `/edit-post/${slug}`);
      await page.getByRole("link", { name: "Revisions" }).click();
      await page.getByRole("heading", { name: `Revisions of “${title}”` }).waitFor();
      expect(await page.getByText("Current version", { exact: true }).count()).toBe(1);
      await page.getByRole("link", { name: /^Compare/ }).click();
      await page.getByRole("heading", { name: /^From the revision of .* to the current version$/ }).waitFor();
      expect(await page.locator("del").filter({ hasText: "Monday" }).count()).toBe(1);
      expect(await page.locator("ins").filter({ hasText: "Friday" }).count()).toBe(1);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${screenshots}/revisions-${width}.png`, fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      }
      await page.getByRole("button", { name: "Restore this revision" }).click();
      await page.waitForURL(`${server.url}/edit-post/${slug}`);
      await page.getByRole("status").getByText("Revision restored").waitFor();
      expect(await page.getByLabel("Content (Markdown)").inputValue()).toBe(
        "The clock was wound every Monday.",
      );
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${screenshots}/editor-${width}.png`, fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      }
      const readers = visibleText(await (await new Visitor(server.url).get(`/blog/${slug}`)).text());
      expect(readers).toContain("The clock was wound every Monday.");
      // Another author may not see the revisions.
      const stranger = await signedUp(server.url, `stranger${++counter}@example.com`);
      expect((await stranger.get(`/edit-post/${slug}/revisions`)).status).toBe(403);
      expect((await stranger.post(`/edit-post/${slug}/revisions`, { revision: "1" })).status).toBe(403);
      await page.context().close();
      // axe takes seconds a page, four times over.
    }, 240_000);

    it("shows a field's error once it is changed or left, never on an untouched form", async () => {
      const page = await pageAs(new Visitor(server.url));
      await openEditor(page, "/register");
      const email = page.getByLabel("Email");
      expect(await page.getByText("Email is required").count()).toBe(0);
      // Changed: the error shows while the field still has focus.
      await email.pressSequentially("jamie@");
      await page.getByText("Email is not in a correct format").waitFor();
      expect(await email.evaluate((field) => field === document.activeElement)).toBe(true);
      // Left untouched otherwise: focusing and leaving the password shows its error.
      await page.getByLabel("Password", { exact: true }).focus();
      expect(await page.getByText("Password is required").count()).toBe(0);
      await email.focus();
      await page.getByText("Password is required").waitFor();
      await page.context().close();
    });
  },
);
