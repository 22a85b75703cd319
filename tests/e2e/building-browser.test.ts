import { describe, expect, it } from "vitest";
import { chromiumPath } from "../support/browser.ts";
import { checkedPage, ownerInBrowser, shotsFolder } from "../support/owner-browser.ts";

/** Where the screenshots go, to be looked at (not compared). */
const shots = shotsFolder("wm-building-shots");

/** The owner edits the building's details in Chromium (SPEC §13), with and without JavaScript. */
describe.skipIf(!chromiumPath)("the building's details in Chromium", () => {
  const suite = ownerInBrowser();
  const open = (route: string, width: number, javaScript = true) => suite.open(route, width, { javaScript });

  it("adds, moves and fills a contact in the app, and the footer shows it after saving", async () => {
    const page = await open("/manage/building", 1280);
    await page.getByRole("button", { name: "Add a contact" }).click();
    const added = page.getByRole("group", { name: "Contact 5" });
    await added.getByLabel("Label").fill("After hours");
    await added.getByLabel("Phone (optional)").fill("0412 345 678");
    await page.getByRole("button", { name: "Move up contact 5" }).click();
    await expect(
      page.getByRole("group", { name: "Contact 4" }).getByLabel("Label").inputValue(),
    ).resolves.toBe("After hours");
    await page.getByRole("button", { name: "Save the building's details" }).click();
    await page.getByText("The building's details are saved").waitFor();
    const footer = page.locator("footer");
    await footer.getByRole("heading", { name: "After hours" }).waitFor();
    expect(await footer.getByRole("link", { name: "0412 345 678" }).getAttribute("href")).toBe(
      "tel:0412345678",
    );
    const groups = await footer.getByRole("heading", { level: 2 }).allTextContents();
    expect(groups).toEqual([
      "Trading",
      "Technical support",
      "Real estate",
      "After hours",
      "Building management",
    ]);
    await page.context().close();
  });

  it("shows a wrong field's message beside it and saves nothing, with JavaScript off too", async () => {
    for (const javaScript of [true, false]) {
      const page = await open("/manage/building", 390, javaScript);
      await page.getByLabel("Postcode").fill("NSW");
      await page.getByRole("button", { name: "Save the building's details" }).click();
      const postcode = page.getByLabel("Postcode");
      await page.getByText("Postcode must be 4 digits").waitFor();
      expect(await postcode.getAttribute("aria-invalid")).toBe("true");
      expect(await postcode.getAttribute("aria-describedby")).toBeTruthy();
      await page.context().close();
    }
    const saved = await suite.db.selectFrom("building").select("details").executeTakeFirstOrThrow();
    expect(JSON.parse(saved.details).address.postcode).toBe("2025");
  });

  it("removes a contact without JavaScript: the form comes back without it, saved only on Save", async () => {
    const page = await open("/manage/building", 390, false);
    await page.getByRole("button", { name: "Remove contact 1" }).click();
    await page.getByRole("group", { name: "Contact 4" }).waitFor();
    expect(await page.getByRole("group", { name: "Contact 5" }).count()).toBe(0);
    expect(await page.locator("footer").getByRole("heading", { name: "Trading" }).count()).toBe(1);
    await page.getByRole("button", { name: "Save the building's details" }).click();
    await page.getByText("The building's details are saved").waitFor();
    expect(await page.locator("footer").getByRole("heading", { name: "Trading" }).count()).toBe(0);
    await page.context().close();
  });

  it("has no accessibility violations on /manage/building and /manage at 390 and 1280 px (axe), and fits a phone", async () => {
    const violations: string[] = [];
    for (const width of [390, 1280]) {
      for (const route of ["/manage/building", "/manage"]) {
        const page = await open(route, width);
        violations.push(...(await checkedPage(page, shots, route.slice(1).replaceAll("/", "-"), false)));
        await page.context().close();
      }
    }
    expect(violations).toEqual([]);
  }, 300_000);
});
