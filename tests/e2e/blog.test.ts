import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownSlugs, publish, signedUp, uploadCover as uploadCoverOverHttp } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { photoJpeg, plainImage } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { occupyImageProcessing } from "../support/tus.ts";

describe.skipIf(!chromiumPath)("the blog in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let photo: string;
  let bigPhoto: string;
  let n = 0;

  beforeAll(async () => {
    // Every test registers from the same address, more often than the limits allow.
    [server, browser] = await Promise.all([startServer({ RATE_LIMITS: "off" }), launchBrowser()]);
    const dir = mkdtempSync(path.join(tmpdir(), "wm-photos-"));
    photo = path.join(dir, "moncur-street.jpg");
    writeFileSync(photo, await photoJpeg(1600, 1000));
    bigPhoto = path.join(dir, "big.jpg");
    writeFileSync(bigPhoto, await photoJpeg(4000, 3000, 95));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A browser context already signed in as a new user. */
  async function signedIn(
    options: { javaScript?: boolean; width?: number } = {},
  ): Promise<{ page: Page; context: BrowserContext }> {
    const email = `writer${++n}@example.com`;
    const context = await contextAs(browser, await signedUp(server.url, email), {
      javaScriptEnabled: options.javaScript ?? true,
      viewport: { width: options.width ?? 1280, height: 900 },
    });
    return { page: await context.newPage(), context };
  }

  /** Throttles the page's uploads to 512 KB/s, so there is time to pause, cancel or reload. */
  async function slowUploads(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const conditions = (uploadThroughput: number) =>
      cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: uploadThroughput < 0 ? 0 : 20,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await conditions(512 * 1024);
    return { restore: () => conditions(-1) };
  }

  async function uploadCover(page: Page, file = photo) {
    await page.getByLabel("Choose a cover image").setInputFiles(file);
    await page.locator("[data-upload-state=success]").waitFor({ timeout: 30_000 });
  }

  it("walks the author journey: write with a live preview, upload, publish, edit, delete", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/create-post`);
    await page.locator("html[data-hydrated]").waitFor();
    const publish = page.getByRole("button", { name: "Publish" });
    await expect.poll(() => publish.isDisabled()).toBe(true);
    const coverRequired = page.getByText("Cover image is required");
    expect(await coverRequired.count()).toBe(0);

    await page.getByLabel("Title").fill("Spring on Moncur Street");
    await page
      .getByLabel("Content (Markdown)")
      .fill("## Blossom\n\nThe **wisteria** is out on the terraces.");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("heading", { name: "Blossom" }).waitFor();
    expect(await preview.locator("strong").textContent()).toBe("wisteria");
    expect(await publish.isDisabled()).toBe(true);
    // Publish is disabled, so the one field still missing says why.
    await coverRequired.waitFor();

    await uploadCover(page);
    await coverRequired.waitFor({ state: "detached" });
    await page.getByRole("status").getByText("Image uploaded successfully").waitFor();
    expect(await page.getByAltText("Preview of the chosen cover").isVisible()).toBe(true);
    expect(await publish.isDisabled()).toBe(false);

    await publish.click();
    await page.getByRole("status").getByText("Data saved successfully").waitFor();
    await page.waitForFunction(
      () => (document.querySelector("input[name=title]") as HTMLInputElement)?.value === "",
    );
    expect(await page.getByLabel("Content (Markdown)").inputValue()).toBe("");

    await page.goto(`${server.url}/dashboard`);
    expect(await page.getByTestId("post-count").textContent()).toBe("1");
    await page.getByRole("link", { name: "Edit Spring on Moncur Street" }).click();
    await page.waitForURL(/\/edit-post\/spring-on-moncur-street-\d+$/);
    const slug = page.url().split("/").pop() as string;
    expect(await page.getByLabel("Slug").inputValue()).toBe(slug);
    expect(await page.getByLabel("Slug").getAttribute("readonly")).not.toBeNull();
    await page.getByLabel("Title").fill("Spring on Moncur Street, revisited");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole("status").getByText("Data saved successfully").waitFor();

    await page.goto(`${server.url}/blog/${slug}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Spring on Moncur Street, revisited",
    );
    expect(
      await page
        .locator("article img")
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    await page.goto(`${server.url}/edit-post/${slug}`);
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("heading", { name: "Delete this post?" }).waitFor();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole("status").getByText("Post deleted").waitFor();
    expect(await page.getByTestId("post-count").textContent()).toBe("0");
    await context.close();
  });

  it("shows only the error page's title when the post being edited was deleted meanwhile", async () => {
    const author = await signedUp(server.url, `writer${++n}@example.com`);
    const coverImageId = await uploadCoverOverHttp(author);
    await publish(author, { title: "Gone before saving", content: "Deleted in another tab.", coverImageId });
    const [slug] = await ownSlugs(author);
    const context = await contextAs(browser, author);
    const editor = await context.newPage();
    await editor.goto(`${server.url}/edit-post/${slug}`);
    await editor.locator("html[data-hydrated]").waitFor();
    const otherTab = await context.newPage();
    await otherTab.goto(`${server.url}/edit-post/${slug}?delete`);
    await otherTab.getByRole("button", { name: "Yes, delete it" }).click();
    await otherTab.waitForURL(`${server.url}/dashboard`);

    await editor.getByRole("button", { name: "Publish" }).click();
    await editor.getByRole("heading", { name: "Blog not found" }).waitFor();
    const titles = await editor.evaluate(() => [...document.querySelectorAll("title")].map((t) => t.text));
    expect(titles).toEqual(["Blog not found | Woollahra Moncur"]);
    await context.close();
  });

  it("shows the upload's progress and lets the author pause, resume and cancel", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/create-post`);
    await page.locator("html[data-hydrated]").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Publish" }).isDisabled()).toBe(true);
    const network = await slowUploads(page);
    await page.getByLabel("Choose a cover image").setInputFiles(bigPhoto);
    await page.locator("[data-upload-state=running]").waitFor();
    expect(await page.getByRole("progressbar", { name: "Upload progress" }).count()).toBe(1);
    await page.getByRole("button", { name: "Pause" }).click();
    await page.locator("[data-upload-state=paused]").waitFor();
    await page.getByRole("button", { name: "Resume" }).click();
    await page.locator("[data-upload-state=running]").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.locator("[data-upload-state=canceled]").waitFor();
    expect(await page.getByText("Upload canceled").count()).toBe(1);

    await network.restore();
    await uploadCover(page);
    await context.close();
  });

  it("retries an upload the server could not take for a moment", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/create-post`);
    await page.locator("html[data-hydrated]").waitFor();
    let failed = 0;
    await page.route("**/api/uploads/**", async (route) => {
      if (route.request().method() === "PATCH" && failed < 2) {
        failed++;
        await route.fulfill({ status: failed === 1 ? 503 : 429, body: "busy" });
        return;
      }
      await route.continue();
    });
    await uploadCover(page);
    expect(failed).toBe(2);
    await context.close();
  });

  it("waits as long as a busy server's Retry-After asks, then finishes the upload", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/create-post`);
    await page.locator("html[data-hydrated]").waitFor();
    const sent: { at: number; url: string }[] = [];
    const busy: { at: number; url: string; retryAfter: string | null }[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/uploads/")) sent.push({ at: Date.now(), url: request.url() });
    });
    page.on("response", (response) => {
      if (response.status() === 503) {
        busy.push({
          at: Date.now(),
          url: response.url(),
          retryAfter: response.headers()["retry-after"] ?? null,
        });
      }
    });
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    const { processed } = await occupyImageProcessing(
      server.url,
      cookie,
      await photoJpeg(6400, 6000, 85),
      await plainImage(16, 16, "png"),
    );
    await uploadCover(page);
    expect((await processed).id).toBeDefined();
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.retryAfter).toBe("3");
      const next = sent.find((request) => request.url === answer.url && request.at > answer.at);
      expect((next?.at ?? 0) - answer.at).toBeGreaterThanOrEqual(2900);
    }
    await context.close();
  });

  it("stops at once and explains when the author's unused uploads have reached 100 MB", async () => {
    const { page, context } = await signedIn();
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    for (let n = 0; n < 5; n++) {
      const begun = await fetch(`${server.url}/api/uploads`, {
        method: "POST",
        headers: { cookie, "tus-resumable": "1.0.0", "upload-length": String(20 * 1024 * 1024) },
      });
      expect(begun.status).toBe(201);
    }
    await page.goto(`${server.url}/create-post`);
    await page.locator("html[data-hydrated]").waitFor();
    // The server asks for a wait of about a day: more than the uploader's ten minutes of retries.
    await page.getByLabel("Choose a cover image").setInputFiles(photo);
    await page.locator("[data-upload-state=error]").waitFor({ timeout: 10_000 });
    expect(await page.locator("[data-upload-state=error]").textContent()).toContain(
      "Too many unused uploads: the images you have uploaded but not used in a post can add up to 100 MB.",
    );
    await context.close();
  });

  it("resumes an upload after the page is reloaded", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/create-post`);
    await page.locator("html[data-hydrated]").waitFor();
    const network = await slowUploads(page);
    await page.getByLabel("Choose a cover image").setInputFiles(bigPhoto);
    await expect
      .poll(() => page.getByRole("progressbar").getAttribute("value"), { timeout: 20_000 })
      .not.toBe("0");
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor();
    await network.restore();
    const methods: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/uploads")) methods.push(request.method());
    });
    await uploadCover(page, bigPhoto);
    expect(methods[0]).toBe("HEAD");
    expect(methods).not.toContain("POST");
    await context.close();
  });

  it("explains a refused file in plain words", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/create-post`);
    await page.locator("html[data-hydrated]").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Publish" }).isDisabled()).toBe(true);
    const fake = path.join(mkdtempSync(path.join(tmpdir(), "wm-fake-")), "holiday.jpg");
    writeFileSync(fake, "this is not really a photograph");
    await page.getByLabel("Choose a cover image").setInputFiles(fake);
    await page.locator("[data-upload-state=error]").waitFor();
    expect(await page.locator("[data-upload-state=error]").textContent()).toContain(
      "This file is not an image.",
    );
    const tall = path.join(mkdtempSync(path.join(tmpdir(), "wm-tall-")), "long-scroll.png");
    writeFileSync(tall, await plainImage(1260, 13000, "png"));
    await page.getByLabel("Choose a cover image").setInputFiles(tall);
    await expect
      .poll(() => page.locator("[data-upload-state=error]").textContent(), { timeout: 20_000 })
      .toContain("This image is too tall: its height can be at most twice its width.");
    await context.close();
  });

  it("runs no script from a hostile post", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/create-post`);
    await page.locator("html[data-hydrated]").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Publish" }).isDisabled()).toBe(true);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByLabel("Title").fill('<img src=x onerror="window.__xss=1">');
    await page
      .getByLabel("Content (Markdown)")
      .fill(
        '<script>window.__xss=2</script>\n\n<img src=x onerror="window.__xss=3">\n\n[click](javascript:window.__xss=4)\n\n<svg onload="window.__xss=5"></svg>',
      );
    await uploadCover(page);
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("status").getByText("Data saved successfully").waitFor();
    await page.goto(`${server.url}/home`);
    await page
      .getByRole("link", { name: /Read More/ })
      .first()
      .click();
    await page.waitForURL(/\/blog\//);
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it("shows Loading... while the next page of the app loads after a click; a post arrives as a document", async () => {
    const visitor = await signedUp(server.url, "loader@example.com");
    await visitor.post("/create-batch", {});
    const context = await contextAs(browser, visitor, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.route("**/edit-post/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page
      .getByRole("link", { name: /^Edit / })
      .first()
      .click();
    await page.getByText("Loading...").waitFor();
    await page.waitForURL(/\/edit-post\//);
    await page.getByRole("button", { name: "Publish" }).waitFor();
    // A post is a reading page: from the app it is a document load, complete on arrival.
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/dashboard`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.locator("main a[href^='/blog/']").first().click();
    await page.waitForURL(/\/blog\//);
    await page.getByText("Published:").waitFor();
    expect(documents.at(-1)).toMatch(/^\/blog\//);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await context.close();
  });

  it("lays the post cards out in one column on phones and three from medium screens", async () => {
    for (const [width, columns] of [
      [390, 1],
      [1280, 3],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/home`);
      const lefts = await page
        .locator("main ul:not([aria-label=Tags]) > li")
        .evaluateAll((cards) =>
          cards.slice(0, 3).map((card) => Math.round(card.getBoundingClientRect().left)),
        );
      expect(new Set(lefts).size).toBe(columns);
      await context.close();
    }
  });

  it("creates the 2023 batch from the navbar button", async () => {
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/`);
    await page.locator("[data-nav=desktop]").getByRole("button", { name: "Create Batch 2023" }).click();
    await page.waitForURL(`${server.url}/dashboard`, { timeout: 60_000 });
    await page.getByRole("status").getByText("Batch Finished Successfully").waitFor();
    expect(await page.getByTestId("post-count").textContent()).toBe("10");
    await context.close();
  });

  it("publishes with JavaScript off: server messages, typed values kept, the cover as a plain file", async () => {
    const { page, context } = await signedIn({ javaScript: false });
    await page.goto(`${server.url}/create-post`);
    await page.getByLabel("Title").fill("   ");
    await page.getByLabel("Content (Markdown)").fill("Kept **content**");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Title is required").waitFor();
    await expect(page.getByText("Cover image is required").count()).resolves.toBe(1);
    expect(await page.getByLabel("Content (Markdown)").inputValue()).toBe("Kept **content**");
    expect(await page.getByRole("region", { name: "Preview" }).locator("strong").textContent()).toBe(
      "content",
    );

    await page.getByLabel("Title").fill("Written without JavaScript");
    await page.getByLabel("Choose a cover image").setInputFiles(photo);
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("status").getByText("Data saved successfully").waitFor();
    await page.goto(`${server.url}/dashboard`);
    expect(await page.getByTestId("post-count").textContent()).toBe("1");
    await context.close();
  });

  it("puts the preview below the editor on phones and beside it on wider screens", async () => {
    for (const [width, beside] of [
      [390, false],
      [1280, true],
    ] as const) {
      const { page, context } = await signedIn({ width });
      await page.goto(`${server.url}/create-post`);
      const editor = await page.getByLabel("Content (Markdown)").boundingBox();
      const preview = await page.getByRole("region", { name: "Preview" }).boundingBox();
      expect(editor && preview && preview.x > editor.x + editor.width - 1).toBe(beside);
      expect(editor && preview && preview.y > editor.y + editor.height - 1).toBe(!beside);
      await context.close();
    }
  });
});
