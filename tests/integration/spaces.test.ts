import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentVersion } from "~/.server/posts/posts.ts";
import { listActivity } from "~/.server/site/activity.ts";
import { sendEnquiry } from "~/.server/site/enquiries.ts";
import {
  actOnSpace,
  createSpace,
  enquiryCounts,
  listSpaces,
  spaceBySlug,
  updateSpace,
} from "~/.server/site/spaces.ts";
import { rentText, type SpaceDetails, spaceSchema } from "~/site/spaces.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const owner = { id: "owner-1", email: "owner@example.com" };
const suite: SpaceDetails = {
  name: "Level 2, Suite 2.01",
  floor: "Level 2",
  area: 120,
  rentKind: "per-sqm-year",
  rent: 650,
  rentBasis: "net",
  status: "available",
};

describe.each(dialects)("spaces for lease on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
  });
  afterEach(async () => {
    await t.close();
  });

  it("adds spaces under fresh slugs in order, each change logged and moving the content version", async () => {
    const before = await contentVersion(t.db);
    const [first, second] = await Promise.all([
      createSpace(t.db, owner, suite),
      createSpace(t.db, owner, suite),
    ]);
    expect([first, second].sort()).toEqual(["level-2-suite-201", "level-2-suite-201-2"]);
    expect(await contentVersion(t.db)).toBeGreaterThan(before);
    const top = await createSpace(t.db, owner, { ...suite, name: "Top floor", area: 1200, nabers: 4.5 });
    expect((await listSpaces(t.db)).map(({ slug }) => slug).at(-1)).toBe(top);
    expect(await actOnSpace(t.db, owner, top, "up")).toBe(true);
    expect((await listSpaces(t.db)).map(({ slug }) => slug).indexOf(top)).toBe(1);
    const { entries } = await listActivity(t.db, 1);
    expect(entries.map(({ action }) => action)).toEqual([
      "moved space",
      "added space",
      "added space",
      "added space",
    ]);
  });

  it("keeps leased and archived spaces off the listing, and counts each space's enquiries", async () => {
    const slug = await createSpace(t.db, owner, suite);
    expect(await listSpaces(t.db, { listed: true })).toHaveLength(1);
    expect(await updateSpace(t.db, owner, slug, { ...suite, status: "under-offer" })).toBe(true);
    expect((await spaceBySlug(t.db, slug))?.status).toBe("under-offer");
    expect(await listSpaces(t.db, { listed: true })).toHaveLength(1);
    await actOnSpace(t.db, owner, slug, "leased");
    expect(await listSpaces(t.db, { listed: true })).toEqual([]);
    await actOnSpace(t.db, owner, slug, "available");
    await actOnSpace(t.db, owner, slug, "archive");
    expect(await listSpaces(t.db, { listed: true })).toEqual([]);
    expect((await spaceBySlug(t.db, slug))?.archived).toBe(true);
    expect(await actOnSpace(t.db, owner, "no-such-space", "archive")).toBe(false);
    expect(await updateSpace(t.db, owner, "no-such-space", suite)).toBe(false);
    const enquiry = { name: "Pat", email: "pat@example.com", message: "Free?", space: slug };
    await sendEnquiry(t.db, "203.0.113.40", enquiry, "leasing@example.com");
    await sendEnquiry(t.db, "203.0.113.41", enquiry, "leasing@example.com");
    expect(await enquiryCounts(t.db)).toEqual(new Map([[slug, 2]]));
  });
});

describe("a space's rules", () => {
  it("asks for the rent unless on application, and the NABERS rating from 1 000 m²", () => {
    const refused = spaceSchema.safeParse({ ...suite, rent: undefined, area: "1000" });
    expect(refused.error?.issues.map(({ path, message }) => [path.join("."), message])).toEqual([
      ["rent", "Rent is required unless on application"],
      ["nabers", "NABERS rating is required for 1000 m² or more"],
    ]);
    expect(spaceSchema.safeParse({ ...suite, rentKind: "on-application", rent: undefined }).success).toBe(
      true,
    );
    expect(spaceSchema.safeParse({ ...suite, area: "10001" }).error?.issues[0]?.message).toBe(
      "Area must be between 1 and 10000",
    );
    expect(rentText(suite)).toBe("$650 per m² per year, net");
    expect(rentText({ ...suite, rentKind: "on-application" })).toBe("On application");
  });
});
