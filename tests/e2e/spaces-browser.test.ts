import { describe, expect, it } from "vitest";
import { chromiumPath } from "../support/browser.ts";
import { photoJpeg } from "../support/images.ts";
import { checkedPage, ownerInBrowser, shotsFolder } from "../support/owner-browser.ts";
import type { Visitor } from "../support/visitor.ts";

/** Where the screenshots go, to be looked at (not compared). */
const shots = shotsFolder("wm-spaces-shots");

/** An owner adds a space with photos in Chromium (SPEC §13); visitors see them. */
describe.skipIf(!chromiumPath)("spaces for lease in Chromium", () => {
  const suite = ownerInBrowser();
  const open = (route: string, width: number, as?: Visitor | null) => suite.open(route, width, { as });

  const slug = "level-3-suite-301";

  it("adds a space with two photos and a floor plan, and visitors see the first photo on /commercial and all on its page", async () => {
    const page = await open("/manage/spaces/new", 1280);
    await page.getByLabel("Name, e.g. Level 2, Suite 2.01").fill("Level 3, Suite 3.01");
    await page.getByLabel("Floor", { exact: true }).fill("Level 3");
    await page.getByLabel("Area (m²)").fill("85");
    await page.getByLabel("Rent in dollars (unless on application)").fill("700");
    const photo = await photoJpeg(1200, 800);
    for (const [index, alt] of ["Suite 3.01 looking towards the windows", "The kitchenette"].entries()) {
      await page
        .getByLabel("Add a photo")
        .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
      const row = page.getByRole("group", { name: `Photo ${index + 1}` });
      await row.getByLabel("Description").fill(alt);
      await row.locator("img").waitFor();
    }
    await page
      .getByLabel("Add a floor plan")
      .setInputFiles({ name: "plan.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByLabel("Floor plan description").fill("Floor plan: an open room with two offices");
    // The second photo goes first.
    await page.getByRole("button", { name: "Move up photo 2" }).click();
    await expect(
      page.getByRole("group", { name: "Photo 1" }).getByLabel("Description").inputValue(),
    ).resolves.toBe("The kitchenette");
    await page.getByRole("button", { name: "Save the space" }).click();
    await page.getByText("The space is saved").waitFor();
    await page.context().close();

    const commercial = await open("/commercial", 1280, null);
    const card = commercial.getByRole("listitem").filter({ hasText: "Level 3, Suite 3.01" });
    const cardImage = card.getByRole("img", { name: "The kitchenette" });
    await cardImage.scrollIntoViewIfNeeded();
    await expect
      .poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await commercial.context().close();

    const space = await open(`/spaces/${slug}`, 1280, null);
    const gallery = space.getByRole("list", { name: "Photos" });
    expect(
      await gallery.getByRole("img").evaluateAll((images) => images.map((img) => img.getAttribute("alt"))),
    ).toEqual(["The kitchenette", "Suite 3.01 looking towards the windows"]);
    await space.getByRole("img", { name: "Floor plan: an open room with two offices" }).waitFor();
    const first = gallery.getByRole("img").first();
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/images\/\w+\/\d+\.avif$/,
    );
    await space.context().close();
  }, 120_000);

  it("has no accessibility violations at 390 and 1280 px (axe), and no owner's action is out of reach on a phone", async () => {
    const violations: string[] = [];
    const pages: [string, boolean][] = [
      ["/commercial", false],
      [`/spaces/${slug}`, false],
      ["/manage/spaces", true],
      [`/manage/spaces/${slug}`, true],
      ["/manage/building", true],
    ];
    for (const width of [390, 1280]) {
      for (const [route, owners] of pages) {
        const page = await open(route, width, owners ? suite.owner : null);
        violations.push(...(await checkedPage(page, shots, route.slice(1).replaceAll("/", "-"), owners)));
        await page.context().close();
      }
    }
    expect(violations).toEqual([]);
  }, 300_000);
});
