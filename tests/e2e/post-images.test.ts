import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { ownSlugs, publish, publishWithFiles, signedUp, uploadCover } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { backdateImages, graceSeconds, sweepWaitMs } from "../support/image-age.ts";
import { photoJpeg } from "../support/images.ts";
import { checkedPage, shotsFolder } from "../support/owner-browser.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/** Where the screenshots go, to be looked at (not compared). */
const shots = shotsFolder("wm-post-images-shots");

/** Images inside a post's text (decision 037): inserted, shown as pictures, kept, the author's own only. */
describe("images inside posts", () => {
  let server: RunningServer;
  let db: Db;
  let author: Visitor;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: "off", UNUSED_IMAGE_GRACE_SECONDS: String(graceSeconds) });
    db = serverDatabase(server);
    author = await signedUp(server.url, "writer@example.com");
    if (chromiumPath) browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await db?.destroy();
    await server?.stop();
  });

  /** Publishes as the editor does without JavaScript: the form's fields, and files beside them. */
  const slugOf = async (title: string) =>
    (await db.selectFrom("posts").select("slug").where("title", "=", title).executeTakeFirstOrThrow()).slug;
  const pictures = (html: string) => [...html.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map(([p]) => p);
  const postPage = async (slug: string) =>
    (await new Visitor(server.url).get(`/blog/${encodeURIComponent(slug)}`)).text();
  const variantStatus = async (id: string) => (await fetch(`${server.url}/images/${id}/400.webp`)).status;

  it("adds an image sent beside the content without JavaScript at its end, shown as a picture and listed in the data export", async () => {
    const published = await publishWithFiles(
      author,
      { title: "Sent in a form", content: "The lobby, restored.", textImageAlt: "The restored lobby" },
      { coverFile: await photoJpeg(640, 400), textImageFile: await photoJpeg(800, 600) },
    );
    expect(published.status).toBe(303);
    const slug = await slugOf("Sent in a form");
    const post = await db
      .selectFrom("posts")
      .select("content")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    const id = post.content.match(/\/images\/(\w+)\/800\.jpg\)$/)?.[1] as string;
    expect(post.content).toBe(`The lobby, restored.\n\n![The restored lobby](/images/${id}/800.jpg)`);
    const inText = pictures(await postPage(slug)).find((picture) => picture.includes(id));
    expect(inText).toMatch(/alt="The restored lobby" width="800" height="600" loading="lazy"/);
    // The feed carries it too, as the same picture.
    const feed = await (await fetch(`${server.url}/rss.xml`)).text();
    expect(feed).toContain(`&lt;img src=&quot;/images/${id}/800.jpg&quot;`);
    expect(feed).toContain("alt=&quot;The restored lobby&quot; width=&quot;800&quot; height=&quot;600&quot;");
    const exported = await (await author.get("/account/data")).json();
    expect(exported.posts[0].images).toEqual([`${server.url}/images/${id}/800.jpg`]);
  });

  it("refuses an image sent without its description, beside the content, and saves nothing", async () => {
    const before = await ownSlugs(author);
    const refused = await publishWithFiles(
      author,
      { title: "Undescribed", content: "Words." },
      { coverFile: await photoJpeg(640, 400), textImageFile: await photoJpeg(800, 600) },
    );
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain(
      "Describe the image you are adding, for people who cannot see it.",
    );
    expect(await ownSlugs(author)).toEqual(before);
  });

  it("neither shows nor keeps another person's image named in a post", async () => {
    const stranger = await signedUp(server.url, "stranger@example.com");
    const theirs = await uploadCover(stranger);
    const published = await publish(author, {
      title: "Borrowed",
      content: `Look: ![their photo](/images/${theirs}/640.jpg)`,
    });
    expect(published.status).toBe(303);
    const slug = await slugOf("Borrowed");
    const html = await postPage(slug);
    expect(visibleText(html)).toContain("Look: their photo");
    expect(html).not.toContain(`/images/${theirs}/`);
    expect(await db.selectFrom("postImages").select("imageId").where("slug", "=", slug).execute()).toEqual(
      [],
    );
    // Unused by its own uploader, it goes after the grace period all the same.
    await backdateImages(db, [theirs]);
    await expect.poll(() => variantStatus(theirs), { timeout: sweepWaitMs, interval: 500 }).toBe(404);
  }, 60_000);

  describe.skipIf(!chromiumPath)("in Chromium", () => {
    it("inserts an uploaded, described image at the cursor; the preview and the post show it as a picture, and the sweep keeps it", async () => {
      const context = await contextAs(browser as Browser, author, { viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/create-post`);
      await page.locator("html[data-hydrated]").waitFor();
      await page.getByLabel("Title").fill("The stair hall");
      const content = page.getByLabel("Content (Markdown)");
      await content.fill("Before the picture.\n\nAfter it.");
      // The cursor between the two paragraphs.
      await content.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(21, 21));
      await page.getByLabel("Insert image").setInputFiles({
        name: "stairs.jpg",
        mimeType: "image/jpeg",
        buffer: await photoJpeg(1000, 750),
      });
      await page.getByLabel("Description of the inserted image").fill("The stair hall from the landing");
      await page.getByRole("button", { name: "Insert at the cursor" }).click();
      const written = await content.inputValue();
      const id = written.match(/\/images\/(\w+)\/1000\.jpg/)?.[1] as string;
      expect(written).toBe(
        `Before the picture.\n\n![The stair hall from the landing](/images/${id}/1000.jpg)After it.`,
      );
      const previewed = page.getByRole("region", { name: "Preview" }).getByRole("img", {
        name: "The stair hall from the landing",
      });
      await expect
        .poll(() => previewed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(await previewed.evaluate((img) => img.closest("picture") !== null)).toBe(true);
      expect(await previewed.getAttribute("width")).toBe("1000");

      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual(
          [],
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await page.screenshot({ path: `${shots}/editor-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByLabel("Choose a cover image").setInputFiles({
        name: "cover.jpg",
        mimeType: "image/jpeg",
        buffer: await photoJpeg(640, 400),
      });
      await page
        .getByRole("group", { name: "Cover image" })
        .locator("[data-upload-state=success]")
        .waitFor({ timeout: 30_000 });
      await page.getByLabel("Describe the image").fill("The front door");
      await page.getByRole("button", { name: "Publish" }).click();
      await page.getByRole("status").getByText("Data saved successfully").waitFor();
      const slug = await slugOf("The stair hall");

      await page.goto(`${server.url}/blog/${encodeURIComponent(slug)}`);
      await page.locator("html[data-enhanced]").waitFor();
      const inText = page.getByRole("img", { name: "The stair hall from the landing" });
      await inText.scrollIntoViewIfNeeded();
      await expect
        .poll(() => inText.evaluate((img: HTMLImageElement) => img.currentSrc), { timeout: 15_000 })
        .toMatch(new RegExp(`/images/${id}/\\d+\\.avif$`));
      expect(await checkedPage(page, shots, "post", false)).toEqual([]);
      await context.close();

      // Well past the grace period, the image the post's text shows is still there, when an
      // unused upload of the same age is gone.
      const unused = await uploadCover(author);
      await backdateImages(db, [id, unused]);
      await expect.poll(() => variantStatus(unused), { timeout: sweepWaitMs, interval: 500 }).toBe(404);
      expect(await variantStatus(id)).toBe(200);
      expect(await db.selectFrom("postImages").select("imageId").where("slug", "=", slug).execute()).toEqual([
        { imageId: id },
      ]);
    }, 120_000);
  });
});
