import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentVersion } from "~/.server/posts/posts.ts";
import { listActivity } from "~/.server/site/activity.ts";
import { sendEnquiry } from "~/.server/site/enquiries.ts";
import {
  actOnSpace,
  createSpace,
  enquiryCounts,
  listSpaces,
  spaceBySlug,
  spaceCards,
  updateSpace,
  usableImages,
} from "~/.server/site/spaces.ts";
import { sweepUnusedImages } from "~/.server/uploads/unused-images.ts";
import { maxSpacePhotos, rentText, type SpaceForm, spaceFormSchema, spaceSchema } from "~/site/spaces.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const owner = { id: "owner-1", email: "owner@example.com" };
const suite: SpaceForm = {
  name: "Level 2, Suite 2.01",
  floor: "Level 2",
  area: 120,
  rentKind: "per-sqm-year",
  rent: 650,
  rentBasis: "net",
  status: "available",
  photos: [],
};

const day = 24 * 60 * 60 * 1000;

describe.each(dialects)("spaces for lease on $name", (dialect) => {
  let t: TestDatabase;
  beforeAll(() => {
    // The image store the sweep removes files from: a folder of these tests' own.
    process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "wm-spaces-"));
  });
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

  /** Images as the upload pipeline records them, a week old. */
  async function uploaded(userId: string, ...ids: string[]): Promise<void> {
    const createdAt = Date.now() - 7 * day;
    for (const id of ids)
      await t.db
        .insertInto("images")
        .values({ id, userId, width: 1600, height: 1200, fallback: "jpeg", createdAt })
        .execute();
  }

  it("shows a space's photos in the owners' order with the first on its card, and its floor plan", async () => {
    await uploaded(owner.id, "front", "kitchen", "plan");
    const slug = await createSpace(t.db, owner, {
      ...suite,
      photos: [
        { imageId: "front", alt: "The suite from the door" },
        { imageId: "kitchen", alt: "The kitchenette" },
      ],
      floorPlanImageId: "plan",
      floorPlanAlt: "Floor plan: one open room",
    });
    const space = await spaceBySlug(t.db, slug);
    expect(space?.photos.map(({ image, alt }) => [image.id, alt])).toEqual([
      ["front", "The suite from the door"],
      ["kitchen", "The kitchenette"],
    ]);
    expect(space?.photos[0]?.image).toEqual({ id: "front", width: 1600, height: 1200, fallback: "jpeg" });
    expect(space?.floorPlan?.alt).toBe("Floor plan: one open room");
    expect((await spaceCards(t.db))[0]?.photo?.image.id).toBe("front");

    await updateSpace(t.db, owner, slug, {
      ...suite,
      photos: [{ imageId: "kitchen", alt: "The kitchenette" }],
    });
    const changed = await spaceBySlug(t.db, slug);
    expect(changed?.photos.map(({ image }) => image.id)).toEqual(["kitchen"]);
    expect(changed?.floorPlan).toBeUndefined();
    expect((await spaceCards(t.db))[0]?.photo?.image.id).toBe("kitchen");
    // A status change keeps the photos.
    await actOnSpace(t.db, owner, slug, "under-offer");
    expect((await spaceBySlug(t.db, slug))?.photos).toHaveLength(1);
  });

  it("never sweeps an image a space shows; one it stopped showing goes after the grace period", async () => {
    await uploaded(owner.id, "shown", "plan", "dropped", "never-used");
    const slug = await createSpace(t.db, owner, {
      ...suite,
      photos: [
        { imageId: "shown", alt: "Shown" },
        { imageId: "dropped", alt: "Dropped" },
      ],
      floorPlanImageId: "plan",
      floorPlanAlt: "Plan",
    });
    await actOnSpace(t.db, owner, slug, "archive");
    const released = Date.now();
    await updateSpace(t.db, owner, slug, {
      ...suite,
      photos: [{ imageId: "shown", alt: "Shown" }],
      floorPlanImageId: "plan",
      floorPlanAlt: "Plan",
    });
    const remaining = async () =>
      (await t.db.selectFrom("images").select("id").orderBy("id").execute()).map((row) => row.id);
    // Within the grace period only the image nothing ever used goes.
    expect(await sweepUnusedImages(t.db, day, released + day - 1000)).toEqual({ images: 1, uploads: 0 });
    expect(await remaining()).toEqual(["dropped", "plan", "shown"]);
    expect(await sweepUnusedImages(t.db, day, released + 100 * day)).toEqual({ images: 1, uploads: 0 });
    expect(await remaining()).toEqual(["plan", "shown"]);
  });

  it("lets an owner show only images they uploaded, or ones the space already shows", async () => {
    await uploaded(owner.id, "mine");
    await uploaded("another-owner", "theirs", "theirs-on-space");
    const other = { id: "another-owner", email: "other@example.com" };
    const slug = await createSpace(t.db, other, {
      ...suite,
      photos: [{ imageId: "theirs-on-space", alt: "Theirs" }],
    });
    const ids = ["mine", "theirs", "theirs-on-space", "no-such-image"];
    expect((await usableImages(t.db, owner, null, ids)).map(({ id }) => id)).toEqual(["mine"]);
    expect((await usableImages(t.db, owner, slug, ids)).map(({ id }) => id).sort()).toEqual([
      "mine",
      "theirs-on-space",
    ]);
  });

  it("says a card's space is available from its date until that day in Sydney, then now", async () => {
    await createSpace(t.db, owner, { ...suite, availableFrom: "2026-12-01" });
    expect((await spaceCards(t.db, "2026-11-30"))[0]?.available).toBe("1 December 2026");
    expect((await spaceCards(t.db, "2026-12-01"))[0]?.available).toBe("Now");
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

  it("takes up to eight described photos, each once, and a floor plan with its description", () => {
    const photo = (imageId: string) => ({ imageId, alt: `Photo ${imageId}` });
    const messages = (form: unknown) =>
      spaceFormSchema.safeParse(form).error?.issues.map(({ path, message }) => [path.join("."), message]);
    expect(messages({ ...suite, photos: [{ imageId: "a", alt: " " }] })).toEqual([
      ["photos.0.alt", "Photo description is required"],
    ]);
    expect(
      messages({ ...suite, photos: Array.from({ length: maxSpacePhotos + 1 }, (_, i) => photo(`p${i}`)) }),
    ).toEqual([["photos", "A space has at most 8 photos"]]);
    expect(messages({ ...suite, photos: [photo("a"), photo("a")] })).toEqual([
      ["photos", "Each image can be shown once"],
    ]);
    expect(messages({ ...suite, floorPlanImageId: "plan" })).toEqual([
      ["floorPlanAlt", "Floor plan description is required"],
    ]);
    expect(messages({ ...suite, photos: [{ imageId: "../x", alt: "Bad" }] })).toEqual([
      ["photos.0.imageId", "This image is not available: upload it again."],
    ]);
    expect(spaceFormSchema.safeParse({ ...suite, photos: undefined }).data?.photos).toEqual([]);
  });
});
