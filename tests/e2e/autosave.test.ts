import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { published, signedUp } from "../support/author.ts";
import { chromiumPath, contextAs } from "../support/browser.ts";
import { photoJpeg } from "../support/images.ts";
import type { RunningServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { siteInChromium } from "../support/site-in-chromium.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/** Where the screenshots of the editor's own saving go, to be looked at. */
const screenshots = path.resolve("test-results", "autosave");
mkdirSync(screenshots, { recursive: true });

const savedAt = /^Saved at \d\d:\d\d/;

/** The editor saving on its own in Chromium (decision 038): kept work, two tabs, published posts, leaving. */
describe.skipIf(!chromiumPath).each(serverDialects)(
  "autosave in Chromium on $name",
  (dialect: ServerDialect) => {
    let server: RunningServer;
    let db: Db;
    let browser: Browser;
    let close: () => Promise<void>;
    let counter = 0;

    beforeAll(async () => {
      ({ server, browser, db, close } = await siteInChromium(dialect));
    });
    afterAll(() => close?.());

    const writer = () => signedUp(server.url, `writer${++counter}@example.com`);

    async function editorAs(visitor: Visitor, where: string, width = 1280): Promise<Page> {
      const context = await contextAs(browser, visitor, { viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}${where}`);
      await page.locator("html[data-hydrated]").waitFor();
      return page;
    }

    const status = (page: Page) => page.locator("p[role=status][aria-live=polite]");

    const publishedPost = (author: Visitor, content: string) =>
      published(author, { title: `The corner shop ${randomBytes(3).toString("hex")}`, content });

    it("keeps a new post as a draft on its own; it survives the tab closing, and saving it makes no second post", async () => {
      const author = await writer();
      const page = await editorAs(author, "/create-post");
      const title = `Notes on the laneway ${randomBytes(3).toString("hex")}`;
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Content (Markdown)").fill("The laneway behind the shops");
      await status(page).getByText(savedAt).waitFor({ timeout: 15_000 });
      const { slug } = await db
        .selectFrom("posts")
        .select("slug")
        .where("title", "=", title)
        .executeTakeFirstOrThrow();
      expect(
        await db.selectFrom("posts").select(["status", "content"]).where("slug", "=", slug).execute(),
      ).toEqual([{ status: "draft", content: "The laneway behind the shops" }]);
      // Typing on, then saving by hand: the same post, not a second one.
      await page.getByLabel("Content (Markdown)").fill("The laneway behind the shops has a mural.");
      await page.getByRole("button", { name: "Save draft" }).click();
      await page.waitForURL(`${server.url}/edit-post/${slug}`);
      await page.getByRole("status").getByText("Draft saved").waitFor();
      // And on, then the tab is closed once it says it saved.
      await page.getByLabel("Content (Markdown)").fill("The laneway behind the shops has a mural of 1921.");
      await status(page).getByText(savedAt).waitFor({ timeout: 15_000 });
      await page.context().close();
      expect(await db.selectFrom("posts").select("slug").where("title", "=", title).execute()).toHaveLength(
        1,
      );

      const reopened = await editorAs(author, `/edit-post/${slug}`);
      expect(await reopened.getByLabel("Content (Markdown)").inputValue()).toBe(
        "The laneway behind the shops has a mural of 1921.",
      );
      await reopened.context().close();
    }, 90_000);

    it("keeps work on a published post aside: readers see it only once it is published", async () => {
      const author = await writer();
      const slug = await publishedPost(author, "Open since 1921.");
      const page = await editorAs(author, `/edit-post/${slug}`);
      const oldCover = String(
        (await db.selectFrom("posts").select("coverImageId").where("slug", "=", slug).executeTakeFirst())
          ?.coverImageId,
      );
      // A new cover too: uploaded, it is part of the work kept aside.
      await page
        .getByLabel("Choose a cover image")
        .setInputFiles({ name: "shop.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(900, 600) });
      await page
        .getByRole("group", { name: "Cover image" })
        .locator("[data-upload-state=success]")
        .waitFor({ timeout: 30_000 });
      await page.getByLabel("Content (Markdown)").fill("Open since 1921, closed on Sundays.");
      await status(page).getByText(savedAt).waitFor({ timeout: 15_000 });
      expect(await status(page).textContent()).toContain("not on the site yet: Publish shows it to readers");
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${screenshots}/saved-at-${width}.png`, fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      const reader = new Visitor(server.url);
      const before = visibleText(await (await reader.get(`/blog/${slug}`)).text());
      expect(before).toContain("Open since 1921.");
      expect(before).not.toContain("closed on Sundays");
      await page.context().close();

      // Reopened, the editor offers the kept work back.
      const reopened = await editorAs(author, `/edit-post/${slug}`);
      const offer = reopened.getByRole("region", { name: /^You have unsaved changes from \d\d:\d\d$/ });
      await offer.waitFor();
      expect(await reopened.getByLabel("Content (Markdown)").inputValue()).toBe("Open since 1921.");
      for (const width of [390, 1280]) {
        await reopened.setViewportSize({ width, height: 900 });
        await reopened.screenshot({ path: `${screenshots}/offer-${width}.png`, fullPage: true });
        const { violations } = await new AxeBuilder({ page: reopened }).analyze();
        expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      }
      await offer.getByRole("button", { name: "Restore" }).click();
      await expect
        .poll(() => reopened.getByLabel("Content (Markdown)").inputValue(), { timeout: 15_000 })
        .toBe("Open since 1921, closed on Sundays.");
      expect(visibleText(await (await reader.get(`/blog/${slug}`)).text())).not.toContain(
        "closed on Sundays",
      );
      expect(await reopened.getByAltText("The current cover").getAttribute("src")).not.toContain(oldCover);
      await reopened.getByRole("button", { name: "Publish", exact: true }).click();
      await reopened.waitForURL(`${server.url}/dashboard`);
      expect(visibleText(await (await reader.get(`/blog/${slug}`)).text())).toContain("closed on Sundays");
      const published = await db
        .selectFrom("posts")
        .select("coverImageId")
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow();
      expect(published.coverImageId).not.toBe(oldCover);
      await reopened.context().close();

      // Published, nothing is offered any more.
      const again = await editorAs(author, `/edit-post/${slug}`);
      expect(await again.getByText(/unsaved changes from/).count()).toBe(0);
      await again.context().close();
    }, 120_000);

    it("discards kept work when asked", async () => {
      const author = await writer();
      const slug = await publishedPost(author, "Open since 1921.");
      const page = await editorAs(author, `/edit-post/${slug}`);
      await page.getByLabel("Content (Markdown)").fill("A thought to throw away.");
      await status(page).getByText(savedAt).waitFor({ timeout: 15_000 });
      await page.context().close();
      const reopened = await editorAs(author, `/edit-post/${slug}`);
      await reopened.getByRole("button", { name: "Discard" }).click();
      await expect
        .poll(() => db.selectFrom("postRevisions").select("kind").where("slug", "=", slug).execute(), {
          timeout: 15_000,
        })
        .toEqual([{ kind: "save" }]);
      await reopened.context().close();
    }, 90_000);

    it("shows two tabs on one post each other's version instead of overwriting it", async () => {
      const author = await writer();
      const draft = await author.post("/create-post", {
        submissionId: randomBytes(16).toString("hex"),
        title: `Two tabs ${randomBytes(3).toString("hex")}`,
        content: "Start.",
        intent: "draft",
      });
      const editor = draft.headers.get("location") as string;
      const tabA = await editorAs(author, editor);
      const tabB = await editorAs(author, editor);
      await tabA.getByLabel("Content (Markdown)").fill("Written in tab A.");
      await status(tabA).getByText(savedAt).waitFor({ timeout: 15_000 });
      await tabB.getByLabel("Content (Markdown)").fill("Written in tab B.");
      const conflict = tabB.getByRole("region", { name: "This post changed elsewhere" });
      await conflict.waitFor({ timeout: 15_000 });
      expect(await conflict.getByRole("region", { name: "Their content" }).textContent()).toBe(
        "Written in tab A.",
      );
      expect(await tabB.getByLabel("Content (Markdown)").inputValue()).toBe("Written in tab B.");
      expect(
        (
          await db
            .selectFrom("posts")
            .select("content")
            .where("slug", "=", editor.split("/").pop() as string)
            .execute()
        )[0]?.content,
      ).toBe("Written in tab A.");
      for (const width of [390, 1280]) {
        await tabB.setViewportSize({ width, height: 900 });
        await tabB.screenshot({ path: `${screenshots}/conflict-${width}.png`, fullPage: true });
        expect(await tabB.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const { violations } = await new AxeBuilder({ page: tabB }).analyze();
        expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      }
      // Tab B keeps its own: saved over tab A's, knowingly; tab A now meets tab B's.
      await conflict.getByRole("button", { name: "Keep my version" }).click();
      await status(tabB).getByText(savedAt).waitFor({ timeout: 15_000 });
      await tabA.getByLabel("Content (Markdown)").fill("Tab A goes on.");
      const inA = tabA.getByRole("region", { name: "This post changed elsewhere" });
      await inA.waitFor({ timeout: 15_000 });
      expect(await inA.getByRole("region", { name: "Their content" }).textContent()).toBe(
        "Written in tab B.",
      );
      // Tab A takes tab B's: the form shows it, and nothing is left to save.
      await inA.getByRole("button", { name: "Use their version" }).click();
      await expect
        .poll(() => tabA.getByLabel("Content (Markdown)").inputValue(), { timeout: 15_000 })
        .toBe("Written in tab B.");
      // A manual save from tab A now starts from tab B's version: it goes through.
      await tabA.getByRole("button", { name: "Save draft" }).click();
      await tabA.getByRole("status").getByText("Draft saved").waitFor();
      await tabA.context().close();
      await tabB.context().close();
    }, 120_000);

    it("asks before leaving with work not saved, and not once it is saved", async () => {
      const author = await writer();
      const slug = await publishedPost(author, "Open since 1921.");
      const page = await editorAs(author, `/edit-post/${slug}`);
      const asked: string[] = [];
      page.on("dialog", async (dialog) => {
        asked.push(dialog.type());
        await dialog.dismiss();
      });
      // Typed keys, which give the page the user activation browsers ask of it before they ask.
      await page.getByLabel("Content (Markdown)").click();
      await page.keyboard.type(" Not saved yet");
      await page.close({ runBeforeUnload: true });
      await expect.poll(() => asked).toEqual(["beforeunload"]);
      expect(page.isClosed()).toBe(false);
      // Staying, the work is saved on its own; leaving then asks nothing.
      await status(page).getByText(savedAt).waitFor({ timeout: 15_000 });
      await page.close({ runBeforeUnload: true });
      await expect.poll(() => page.isClosed()).toBe(true);
      expect(asked).toEqual(["beforeunload"]);
      await page.context().close();
    }, 90_000);

    it("without JavaScript, saves nothing on its own", async () => {
      const author = await writer();
      const slug = await publishedPost(author, "Open since 1921.");
      const context = await contextAs(browser, author, { javaScriptEnabled: false });
      const page = await context.newPage();
      const autosaves: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/autosave")) autosaves.push(request.url());
      });
      await page.goto(`${server.url}/edit-post/${slug}`);
      await page.getByLabel("Content (Markdown)").fill("Typed without scripts");
      await page.waitForTimeout(4000);
      expect(autosaves).toEqual([]);
      expect(await page.locator("p[role=status][aria-live=polite]").count()).toBe(0);
      expect(await db.selectFrom("postRevisions").select("kind").where("slug", "=", slug).execute()).toEqual([
        { kind: "save" },
      ]);
      await context.close();
    });
  },
);
