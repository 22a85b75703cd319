import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { publish, signedUp, uploadCover } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import type { Visitor } from "../support/visitor.ts";

/** The owner's flows in Chromium (issue 18), and axe on the owner's and the account's pages. */
describe.skipIf(!chromiumPath)("the owner's site in Chromium", () => {
  let server: RunningServer;
  let db: Db;
  let browser: Browser;
  let owner: Visitor;
  let author: Visitor;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: "off" });
    db = serverDatabase(server);
    owner = await signedUp(server.url, "owner@example.com");
    await makeOwner(db, "owner@example.com");
    author = await signedUp(server.url, "author@example.com");
    await author.post("/account", {
      intent: "profile",
      displayName: "Ada Author",
      handle: "ada",
      bio: "Writes.",
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
  });

  async function pageAs(visitor: Visitor | undefined, path: string, options = {}): Promise<Page> {
    const page = await (await contextAs(browser, visitor, options)).newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  async function authorsPost(title: string): Promise<string> {
    expect(
      (
        await publish(author, {
          title,
          content: "Along Queen Street.",
          coverImageId: await uploadCover(author),
        })
      ).status,
    ).toBe(303);
    return (await db.selectFrom("posts").select("slug").where("title", "=", title).executeTakeFirstOrThrow())
      .slug;
  }

  it("hides a post in place, and a visitor no longer finds it", async () => {
    const slug = await authorsPost("Hidden lane");
    const manage = await pageAs(owner, "/manage/posts");
    await manage.locator("html[data-hydrated]").waitFor();
    await manage.getByRole("button", { name: "Hide “Hidden lane”" }).click();
    await manage.getByRole("button", { name: "Show “Hidden lane”" }).waitFor();
    expect(new URL(manage.url()).pathname).toBe("/manage/posts");
    const visitor = await pageAs(undefined, `/blog/${slug}`);
    await visitor.getByRole("heading", { name: "Blog not found" }).waitFor();
    await manage.context().close();
    await visitor.context().close();
  });

  it("switches to review, holds an author's post, and publishes it on approval", async () => {
    const settings = await pageAs(owner, "/manage/settings");
    await settings.locator("html[data-hydrated]").waitFor();
    await settings.getByLabel("Review").check();
    await settings.getByRole("button", { name: "Save settings" }).click();
    await settings.getByText("Settings saved").waitFor();
    const slug = await authorsPost("Waiting on Ocean Street");
    const visitor = await pageAs(undefined, `/blog/${slug}`);
    await visitor.getByRole("heading", { name: "Blog not found" }).waitFor();

    const manage = await pageAs(owner, "/manage/posts");
    await manage.locator("html[data-hydrated]").waitFor();
    const row = manage.getByRole("row").filter({ hasText: "Waiting on Ocean Street" });
    expect(await row.getByTestId("post-status").textContent()).toBe("Awaiting review");
    await manage.getByRole("button", { name: "Approve “Waiting on Ocean Street”" }).click();
    await row.getByTestId("post-status").getByText("Published").waitFor();
    await visitor.reload();
    await visitor.getByRole("heading", { name: "Waiting on Ocean Street" }).waitFor();
    await visitor.getByRole("link", { name: "Ada Author" }).waitFor();
    await settings.getByLabel("Immediate").check();
    await settings.getByRole("button", { name: "Save settings" }).click();
    await settings.getByText("Settings saved").waitFor();
    for (const page of [settings, manage, visitor]) await page.context().close();
  });

  it("closes registration with JavaScript off: the register page says so and the navbar drops Register", async () => {
    const settings = await pageAs(owner, "/manage/settings", { javaScriptEnabled: false });
    await settings.getByLabel("Closed").check();
    await settings.getByRole("button", { name: "Save settings" }).click();
    await settings.getByText("Settings saved").waitFor();
    const visitor = await pageAs(undefined, "/register", { viewport: { width: 1280, height: 900 } });
    await visitor.getByRole("heading", { name: "Registration is closed" }).waitFor();
    expect(await visitor.locator('nav[aria-label="Main"] a[href="/register"]').count()).toBe(0);
    await settings.getByLabel("Open").check();
    await settings.getByRole("button", { name: "Save settings" }).click();
    await settings.getByText("Settings saved").waitFor();
    await settings.context().close();
    await visitor.context().close();
  });

  it("has no accessibility violations on the manage, account and author pages at phone width (axe)", async () => {
    const violations: string[] = [];
    const pages: [Visitor, string][] = [
      ...["/manage", "/manage/posts", "/manage/users", "/manage/settings", "/manage/activity"].map(
        (path): [Visitor, string] => [owner, path],
      ),
      [author, "/account"],
      [author, "/account/delete"],
      [author, "/authors/ada"],
    ];
    // At phone width, the narrower layout: axe takes seconds a page, and the desktop layout
    // differs only in the navbar, which pages.test.ts checks at both widths.
    for (const [visitor, path] of pages) {
      const page = await pageAs(visitor, path, { viewport: { width: 390, height: 900 } });
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations)
        violations.push(`${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
      await page.context().close();
    }
    expect(violations).toEqual([]);
  }, 300_000);
});
