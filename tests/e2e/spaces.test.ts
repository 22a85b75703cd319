import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { signedUp } from "../support/author.ts";
import { startedCookie } from "../support/enquiry-stamp.ts";
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
    server = await startServer({ ...env, RATE_LIMITS: "off", AUTH_SECRET: authSecret });
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

  it("is for owners only", async () => {
    const author = await signedUp(server.url, `author.${dialect.name}@example.com`);
    expect((await author.get("/manage/spaces")).status).toBe(403);
    expect((await author.post("/manage/spaces/new", suite)).status).toBe(403);
  });
});
