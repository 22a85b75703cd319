import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentVersion } from "~/.server/posts/posts.ts";
import { listActivity } from "~/.server/site/activity.ts";
import { buildingDetails, changeBuilding } from "~/.server/site/building.ts";
import { type BuildingDetails, buildingSchema, defaultBuilding, showBuilding } from "~/site/building.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const owner = { id: "owner-1", email: "owner@example.com" };

const realContacts: BuildingDetails["contacts"] = [
  { group: "Real estate", email: "leasing@moncur-offices.com.au", phone: "02 9363 0000" },
  { group: "Building management", email: "", phone: "" },
];

describe.each(dialects)("the building's details on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
  });
  afterEach(async () => {
    await t.close();
  });

  // Which profile pages are samples comes from their front matter, read by the built site (tests/e2e/building.test.ts).
  it("start as the code's defaults, shown without their example addresses and numbers", async () => {
    expect(await buildingDetails(t.db)).toEqual(defaultBuilding);
    const shown = showBuilding(await buildingDetails(t.db), new Set(["/alex-example", "/jamie-sample"]));
    expect(shown.contacts.map(({ group }) => group)).toEqual([
      "Trading",
      "Technical support",
      "Real estate",
      "Building management",
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/\.example|5550/);
    expect(shown.placeholderContacts).toBe(true);
    expect(shown.profiles.map(({ sample }) => sample)).toEqual([true, true]);
  });

  it("are saved with the changed parts in the activity log and a new content version", async () => {
    const before = await contentVersion(t.db);
    const details = {
      ...defaultBuilding,
      contacts: realContacts,
      enquiryTo: "leasing@moncur-offices.com.au",
    };
    await changeBuilding(t.db, owner, details);
    expect(await buildingDetails(t.db)).toEqual(details);
    expect(await contentVersion(t.db)).toBeGreaterThan(before);
    const shown = showBuilding(await buildingDetails(t.db), new Set());
    expect(shown.contacts).toEqual(realContacts);
    expect(shown.placeholderContacts).toBe(false);
    const { entries } = await listActivity(t.db, 1);
    expect(entries.map(({ action, target }) => [action, target])).toEqual([
      ["changed building details", "contacts, enquiryTo"],
    ]);
    // Saving the same details again changes nothing and logs nothing.
    const unchanged = await contentVersion(t.db);
    await changeBuilding(t.db, owner, details);
    expect(await contentVersion(t.db)).toBe(unchanged);
    expect((await listActivity(t.db, 1)).total).toBe(1);
  });

  it("refuse what the form refuses: each message names the field's rule", () => {
    const refused = buildingSchema.safeParse({
      ...defaultBuilding,
      address: { ...defaultBuilding.address, postcode: "20251" },
      map: { latitude: "-95", longitude: "151.24", zoom: "17.5" },
      hours: [{ opens: "18:30", closes: "14:30" }, { opens: "09:00" }],
      contacts: [{ group: "", email: "not an address", phone: "call me" }],
      enquiryTo: "",
      social: { label: "Follow us", href: "javascript:alert(1)" },
      profiles: [{ name: "Pat", role: "Agent", href: "https://elsewhere.example" }],
    });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(
      (refused.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toEqual({
      "address.postcode": "Postcode must be 4 digits",
      "map.latitude": "Latitude must be between -90 and 90",
      "map.zoom": "Zoom must be a whole number",
      "hours.0.closes": "Closing time must be after opening",
      "hours.1.closes": "Closing time is required",
      "contacts.0.group": "Label is required",
      "contacts.0.email": "Email is not in a correct format",
      "contacts.0.phone": "Phone should be a phone number: digits, spaces and + ( ) . - only",
      enquiryTo: "Email is not in a correct format",
      "social.href": "Address must be a page of this site (starting with /) or an https:// address",
      "profiles.0.href": "Page must be a page of this site, such as /jamie-sample",
    });
  });
});
