import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { signedUp, uploadCover } from "../support/author.ts";
import { startedCookie } from "../support/enquiry-stamp.ts";
import { backdateImages, graceSeconds, sweepWaitMs } from "../support/image-age.ts";
import { photoJpeg } from "../support/images.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const authSecret = "spaces-test-secret-0123456789abcdefghijklmno";

const suite = {
  name: "Level 2, Suite 2.01",
  floor: "Level 2",
  area: "120",
  workstations: "12",
  rentKind: "per-sqm-year",
  rent: "650",
  rentBasis: "net",
  status: "available",
  description: "A bright suite **facing Moncur Street**.",
};

/** SPEC §13: spaces for lease, from the owner's list to the visitor's enquiry. */
describe.each(serverDialects)("spaces for lease on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let db: Db;
  let owner: Visitor;

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    server = await startServer({
      ...env,
      RATE_LIMITS: "off",
      AUTH_SECRET: authSecret,
      UNUSED_IMAGE_GRACE_SECONDS: String(graceSeconds),
    });
    db = serverDatabase(server, env);
    owner = await signedUp(server.url, `owner.${dialect.name}@example.com`);
    await makeOwner(db, `owner.${dialect.name}@example.com`);
  }, 90_000);
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await dispose?.();
  });

  it("refuses a large space without its NABERS rating, beside the field, and saves nothing", async () => {
    const response = await owner.post("/manage/spaces/new", { ...suite, area: "1200" });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/-error"[^>]*>NABERS rating is required for 1000 m² or more</);
    expect(await db.selectFrom("spaces").selectAll().execute()).toEqual([]);
  });

  it("lists an added space on /commercial, gives it a page with its offer, takes enquiries about it, and answers 410 once leased", async () => {
    const visitor = new Visitor(server.url);
    await visitor.get("/commercial");
    const added = await owner.post("/manage/spaces/new", suite);
    expect(added.status).toBe(303);
    const slug = "level-2-suite-201";
    const commercial = visibleText(await (await visitor.get("/commercial")).text());
    expect(commercial).toContain(
      "Spaces for lease Level 2, Suite 2.01 Area 120 m² Available Now Rent $650 per m² per year, net",
    );

    const page = await visitor.get(`/spaces/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain("Workstations 12");
    expect(html).toContain("<strong>facing Moncur Street</strong>");
    expect(html).toContain('"@type":"Offer"');
    expect(html).toContain('"floorSize":{"@type":"QuantitativeValue","value":120,"unitCode":"MTK"');
    expect(html).toContain('"price":650,"priceCurrency":"AUD"');
    expect(html).toContain('<input type="hidden" name="space" value="level-2-suite-201"/>');
    expect(html).not.toContain("/assets/entry.client");
    expect(await (await visitor.get("/sitemap.xml")).text()).toContain(`/spaces/${slug}</loc>`);

    const enquiry = await new Visitor(server.url).post(
      "/contact",
      { name: "Sam Tenant", email: "sam@tenant.com.au", message: "Can we see it on Friday?", space: slug },
      { cookie: startedCookie(authSecret) },
    );
    expect(enquiry.status).toBe(303);
    const about = visibleText(await (await owner.get(`/manage/enquiries?space=${slug}`)).text());
    expect(about).toContain("Sam Tenant");
    expect(about).toContain(`Space ${slug}`);
    expect(visibleText(await (await owner.get("/manage/spaces")).text())).toContain("1 enquiry");

    const leased = await owner.post("/manage/spaces", { slug, action: "leased" });
    expect(leased.status).toBe(200);
    const gone = await visitor.get(`/spaces/${slug}`);
    expect(gone.status).toBe(410);
    const goneHtml = await gone.text();
    expect(visibleText(goneHtml)).toContain("Level 2, Suite 2.01 has been leased or taken off the list.");
    expect(goneHtml).toContain('href="/commercial"');
    expect(visibleText(await (await visitor.get("/commercial")).text())).not.toContain("Suite 2.01");
    expect(await (await visitor.get("/sitemap.xml")).text()).not.toContain("/spaces/");
    expect((await visitor.get("/spaces/no-such-space")).status).toBe(404);
    const activity = visibleText(await (await owner.get("/manage/activity")).text());
    expect(activity).toContain("added space");
    expect(activity).toContain("leased space");
  });

  /** Sends the space form as the editor does without JavaScript: fields, and files beside them. */
  const sendForm = (path: string, fields: Record<string, string>, files: Record<string, Buffer> = {}) =>
    owner.postWithFiles(path, fields, files);

  const variantStatus = async (id: string) => (await fetch(`${server.url}/images/${id}/640.webp`)).status;
  const imageIdsIn = (html: string) =>
    [...html.matchAll(/name="photos\[\d+\]\.imageId" value="([^"]+)"/g)].map((match) => match[1]);

  it("shows a space's photos as a gallery, the first on its card and when shared, with its floor plan, and never sweeps them", async () => {
    const [front, kitchen] = [await uploadCover(owner), await uploadCover(owner)];
    const neverUsed = await uploadCover(owner);
    // The first photo was uploaded with tus; the second and the floor plan come as files.
    const added = await sendForm(
      "/manage/spaces/new",
      {
        ...suite,
        name: "Ground floor, Suite G.02",
        "photos[0].imageId": front as string,
        "photos[0].alt": "The suite from the door",
        photoFileAlt: "A view of the street",
        floorPlanAlt: "Floor plan: one open room with a kitchenette",
      },
      { photoFile: await photoJpeg(640, 400), floorPlanFile: await photoJpeg(640, 400) },
    );
    expect(added.status).toBe(303);
    const slug = "ground-floor-suite-g02";
    const stored = await db
      .selectFrom("spaceImages")
      .select(["imageId", "kind", "alt"])
      .where("spaceSlug", "=", slug)
      .orderBy("kind", "desc")
      .orderBy("position")
      .execute();
    expect(stored.map(({ kind, alt }) => [kind, alt])).toEqual([
      ["photo", "The suite from the door"],
      ["photo", "A view of the street"],
      ["floor-plan", "Floor plan: one open room with a kitchenette"],
    ]);
    const [street, plan] = [stored[1]?.imageId as string, stored[2]?.imageId as string];

    // Reordered and a photo added in the editor (without JavaScript: the form comes back, unsaved).
    const editing = {
      ...suite,
      name: "Ground floor, Suite G.02",
      "photos[0].imageId": front as string,
      "photos[0].alt": "The suite from the door",
      "photos[1].imageId": street,
      "photos[1].alt": "A view of the street",
      "photos[2].imageId": kitchen as string,
      "photos[2].alt": "The kitchenette",
      floorPlanImageId: plan,
      floorPlanAlt: "Floor plan: one open room with a kitchenette",
    };
    const moved = await sendForm(`/manage/spaces/${slug}`, {
      ...editing,
      __intent__: JSON.stringify({ type: "reorder", payload: { name: "photos", from: 0, to: 2 } }),
    });
    expect(moved.status).toBe(200);
    expect(imageIdsIn(await moved.text())).toEqual([street, kitchen, front]);
    const removed = await sendForm(`/manage/spaces/${slug}`, {
      ...editing,
      __intent__: JSON.stringify({ type: "remove", payload: { name: "photos", index: 1 } }),
    });
    expect(imageIdsIn(await removed.text())).toEqual([front, kitchen]);
    const withoutPlan = await (
      await sendForm(`/manage/spaces/${slug}`, {
        ...editing,
        __intent__: JSON.stringify({ type: "update", payload: { name: "floorPlanImageId", value: "" } }),
      })
    ).text();
    expect(withoutPlan).not.toContain(`value="${plan}"`);
    expect(withoutPlan).not.toContain("Remove the floor plan");
    expect(
      await db
        .selectFrom("spaceImages")
        .select("imageId")
        .where("imageId", "=", kitchen as string)
        .execute(),
    ).toEqual([]);
    expect((await sendForm(`/manage/spaces/${slug}`, editing)).status).toBe(303);

    const visitor = new Visitor(server.url);
    const html = await (await visitor.get(`/spaces/${slug}`)).text();
    const pictures = [...html.matchAll(/<picture>[\s\S]*?<\/picture>/g)]
      .map(([picture]) => picture)
      .filter((picture) => picture.includes("/images/"));
    expect(pictures).toHaveLength(4);
    expect(pictures[0]).toContain(`srcSet="/images/${front}/400.avif 400w, /images/${front}/640.avif 640w"`);
    expect(pictures[0]).toMatch(/alt="The suite from the door" width="640" height="400" loading="eager"/);
    expect(pictures[1]).toMatch(/alt="A view of the street" width="640" height="400" loading="lazy"/);
    expect(pictures[2]).toMatch(/alt="The kitchenette" width="640" height="400" loading="lazy"/);
    expect(visibleText(html)).toContain("Floor plan");
    expect(pictures[3]).toMatch(
      /alt="Floor plan: one open room with a kitchenette" width="640" height="400" loading="lazy"/,
    );
    expect(html).toContain(`<meta property="og:image" content="${server.url}/images/${front}/640.jpg"/>`);
    expect(html).toContain('<meta property="og:image:alt" content="The suite from the door"/>');
    expect(html).not.toContain("/assets/entry.client");
    const commercial = await (await visitor.get("/commercial")).text();
    expect(commercial).toContain(`/images/${front}/400.avif`);
    expect(commercial).not.toContain(`/images/${street}/`);

    // Well past the grace period the sweep has removed the unused upload, and kept every image the space shows.
    await backdateImages(db, [front, street, kitchen, plan, neverUsed] as string[]);
    await expect
      .poll(() => variantStatus(neverUsed as string), { timeout: sweepWaitMs, interval: 500 })
      .toBe(404);
    for (const id of [front, street, kitchen, plan]) expect(await variantStatus(id as string)).toBe(200);
  }, 90_000);

  it("shows only the owner's own uploads: another person's image id is refused beside the photos and nothing is saved", async () => {
    const other = await signedUp(server.url, `uploader.${dialect.name}@example.com`);
    const theirs = await uploadCover(other);
    const refused = await sendForm("/manage/spaces/new", {
      ...suite,
      name: "Borrowed photo",
      "photos[0].imageId": theirs,
      "photos[0].alt": "Not mine",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(
      /id="space-photos-error"[^>]*>This image is not available: upload it again\.</,
    );
    expect(
      await db.selectFrom("spaces").select("slug").where("slug", "=", "borrowed-photo").execute(),
    ).toEqual([]);
  });

  it("is for owners only", async () => {
    const author = await signedUp(server.url, `author.${dialect.name}@example.com`);
    expect((await author.get("/manage/spaces")).status).toBe(403);
    expect((await author.post("/manage/spaces/new", suite)).status).toBe(403);
  });
});
