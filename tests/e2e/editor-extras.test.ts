import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publish, signedUp, uploadCover } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { photoJpeg } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";

/** A wall time in Sydney about a year ahead, as a datetime-local field takes it. */
function nextYear(hour = "10:00"): string {
  const date = new Date(Date.now() + 360 * 24 * 3_600_000);
  return `${date.toISOString().slice(0, 10)}T${hour}`;
}

describe.skipIf(!chromiumPath)("drafts, tags, descriptions and Publish at in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let photo: string;
  let n = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMITS: "off" }), launchBrowser()]);
    photo = path.join(mkdtempSync(path.join(tmpdir(), "wm-photos-")), "jacaranda.jpg");
    writeFileSync(photo, await photoJpeg(1600, 1000));
    // A public post whose tag the editor can suggest.
    const earlier = await signedUp(server.url, "earlier@example.com");
    const response = await publish(earlier, {
      title: "Working from Moncur Street",
      content: "Notes on working from home.",
      coverImageId: await uploadCover(earlier),
      ...{ tags: "remote work" },
    });
    expect(response.status).toBe(303);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(javaScript: boolean) {
    const visitor = await signedUp(server.url, `editor${++n}@example.com`);
    const context = await contextAs(browser, visitor, {
      javaScriptEnabled: javaScript,
      viewport: { width: 1280, height: 900 },
    });
    return { page: await context.newPage(), context };
  }

  it("with JavaScript: suggests tags, saves a draft, refuses a past Publish at, then schedules it", async () => {
    const { page, context } = await signedIn(true);
    await page.goto(`${server.url}/create-post`);
    await page.getByLabel("Title").fill("Jacarandas in bloom");
    await page.getByLabel("Content (Markdown)").fill("The **jacarandas** are out.");
    await page.getByLabel("Choose a cover image").setInputFiles(photo);
    await page.locator("[data-upload-state=success]").waitFor({ timeout: 30_000 });
    await page.getByLabel("Describe the image").fill("Purple jacaranda flowers over a sandstone wall");
    await page.getByLabel("Tags").fill("Spring, rem");
    await page.getByRole("button", { name: "Add tag remote work" }).click();
    expect(await page.getByLabel("Tags").inputValue()).toBe("spring, remote work, ");

    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/edit-post\/jacarandas-in-bloom-\d+$/);
    await page.getByRole("status").getByText("Draft saved").waitFor();
    const slug = page.url().split("/").pop() as string;
    expect(await page.getByLabel("Tags").inputValue()).toBe("remote work, spring");
    expect(await page.getByLabel("Describe the image").inputValue()).toBe(
      "Purple jacaranda flowers over a sandstone wall",
    );
    expect((await page.request.get(`${server.url}/blog/${slug}`, { headers: { cookie: "" } })).status()).toBe(
      404,
    );

    const publishAt = page.getByLabel("Publish at");
    await publishAt.fill("2020-01-01T10:00");
    await publishAt.blur();
    await page.getByText("Publish at must be in the future").waitFor();
    expect(await page.getByRole("button", { name: "Publish", exact: true }).isDisabled()).toBe(true);
    await publishAt.fill(nextYear());
    await expect
      .poll(() => page.getByRole("button", { name: "Publish", exact: true }).isDisabled())
      .toBe(false);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText(/^Scheduled: .* \(Sydney time\)$/).waitFor();
    await page.goto(`${server.url}/blog/${slug}`);
    await page.getByText(/^Scheduled: only you and the site's owners can see this post until/).waitFor();
    expect(await page.locator("article img").first().getAttribute("alt")).toBe(
      "Purple jacaranda flowers over a sandstone wall",
    );
    await context.close();
  });

  it("without JavaScript: the same fields as plain form fields, Save draft then Publish", async () => {
    const { page, context } = await signedIn(false);
    await page.goto(`${server.url}/create-post`);
    await page.getByLabel("Title").fill("Autumn on Queen Street");
    await page.getByLabel("Content (Markdown)").fill("Plane trees turning gold.");
    await page.getByLabel("Choose a cover image").setInputFiles(photo);
    await page.getByLabel("Describe the image").fill("Golden plane trees along a street");
    await page.getByLabel("Tags").fill("Autumn, Street  Life, autumn, a, b, c, d");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("A post may have at most 5 tags").waitFor();
    expect(await page.getByLabel("Describe the image").inputValue()).toBe(
      "Golden plane trees along a street",
    );

    await page.getByLabel("Tags").fill("Autumn, Street  Life, autumn");
    await page.getByLabel("Choose a cover image").setInputFiles(photo);
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByRole("status").getByText("Draft saved").waitFor();
    expect(page.url()).toMatch(/\/edit-post\/autumn-on-queen-street-\d+$/);
    const slug = page.url().split("/").pop() as string;
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole("heading", { name: "Drafts" }).waitFor();

    await page.goto(`${server.url}/edit-post/${slug}`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/blog/${slug}`);
    expect(await page.locator("article img").first().getAttribute("alt")).toBe(
      "Golden plane trees along a street",
    );
    expect(await page.getByRole("list", { name: "Tags" }).getByRole("link").allTextContents()).toEqual([
      "autumn",
      "street life",
    ]);
    await context.close();
  });
});
