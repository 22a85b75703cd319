import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { type BuildingDetails, defaultBuilding } from "~/site/building.ts";
import { publicPagePaths } from "~/site/public-pages.ts";
import { signedUp } from "../support/author.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const authSecret = "building-test-secret-0123456789abcdefghijkl";
/** What a visitor must never be shown as real: the defaults' example addresses and numbers. */
const placeholder = /[\w-]\.example\b|02 5550|0255500/;

/** The building form's fields as a browser sends them (conform's names for nested values). */
function buildingForm(details: BuildingDetails): Record<string, string> {
  const form: Record<string, string> = { nameLine: details.nameLine, enquiryTo: details.enquiryTo };
  for (const [key, value] of Object.entries(details.address)) form[`address.${key}`] = value;
  for (const [key, value] of Object.entries(details.map)) form[`map.${key}`] = String(value);
  details.hours.forEach(({ opens, closes }, day) => {
    form[`hours[${day}].opens`] = opens;
    form[`hours[${day}].closes`] = closes;
  });
  details.contacts.forEach((contact, index) => {
    for (const [key, value] of Object.entries(contact)) form[`contacts[${index}].${key}`] = value;
  });
  details.profiles.forEach((profile, index) => {
    for (const [key, value] of Object.entries(profile)) form[`profiles[${index}].${key}`] = value;
  });
  form["social.label"] = details.social.label;
  form["social.href"] = details.social.href;
  return form;
}

/** The enquiry form's start stamp, as if the visitor had opened the form a minute ago. */
function startedCookie(): string {
  const millis = String(Date.now() - 60_000);
  const signature = createHmac("sha256", authSecret).update(`enquiry-started:${millis}`).digest("base64url");
  return `wm_enquiry=${millis}.${signature}`;
}

/** A page's words as read, no space before a stop or comma (an element may end there). */
const textOf = (html: string) => visibleText(html).replace(/\s+([.,])/g, "$1");
const footerOf = (html: string) => textOf(html.slice(html.indexOf("<footer")));

/** SPEC §13: the building's details edited by its owner, and nothing placeholder shown as real. */
describe.each(serverDialects)("the building's details on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let second: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let db: Db;
  let owner: Visitor;

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    server = await startServer({ ...env, RATE_LIMITS: "off", AUTH_SECRET: authSecret });
    // A second instance on the same database, as behind a load balancer, with ENQUIRY_TO set.
    second = await startServer({
      ...env,
      ...(dialect.name === "sqlite" ? { DATA_DIR: server.dataDir } : {}),
      RATE_LIMITS: "off",
      AUTH_SECRET: authSecret,
      ENQUIRY_TO: "lettings@moncur-agents.com.au",
    });
    db = serverDatabase(server, env);
    owner = await signedUp(server.url, `owner.${dialect.name}@example.com`);
    await makeOwner(db, `owner.${dialect.name}@example.com`);
  }, 90_000);
  afterAll(async () => {
    await db?.destroy();
    await second?.stop();
    await server?.stop();
    await dispose?.();
  });

  it("with the defaults, sends no example address or number to a visitor, and marks the sample profiles", async () => {
    const visitor = new Visitor(server.url);
    for (const path of [...publicPagePaths, "/contact/sent", "/contact/received", "/no-such-page"]) {
      const html = await (await visitor.get(path)).text();
      expect(html.match(placeholder)?.[0], path).toBeUndefined();
    }
    const footer = footerOf(await (await visitor.get("/")).text());
    for (const group of ["Trading", "Technical support", "Real estate", "Building management"])
      expect(footer).toContain(group);
    expect(footer).toContain("Send us a message");
    expect(footer).toContain("Alex Example, web developer (sample profile)");
  });

  it("keeps an enquiry to the example address for the owners, sends nothing, and says only that", async () => {
    const response = await new Visitor(server.url).post(
      "/contact",
      { name: "Robin Lessee", email: "robin@lessee.com.au", message: "Is the top floor free from March?" },
      { cookie: startedCookie() },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact/received");
    const page = textOf(await (await new Visitor(server.url).get("/contact/received")).text());
    expect(page).toContain("Thank you. Your enquiry has been received and kept for the building's managers.");
    expect(page).not.toContain("sent");
    const stored = await db
      .selectFrom("enquiries")
      .select("notSent")
      .where("email", "=", "robin@lessee.com.au")
      .executeTakeFirstOrThrow();
    expect(stored.notSent).toBe("the enquiry address, leasing@woollahra-moncur.example, is an example");
    expect(await db.selectFrom("outbox").select("id").where("kind", "=", "enquiry").execute()).toEqual([]);
    const listed = textOf(await (await owner.get("/manage/enquiries")).text());
    expect(listed).toContain(
      "Kept here, not sent: the enquiry address, leasing@woollahra-moncur.example, is an example.",
    );
  });

  it("lists what is left before going live on /manage, each with a link to fix it", async () => {
    const html = await (await owner.get("/manage")).text();
    const text = textOf(html);
    expect(text).toContain("Before going live");
    for (const point of [
      "Some contact details are still examples (.example addresses, 02 5550 numbers): pages leave them out. Edit the building's details",
      "Enquiries go to an example address: they are kept here but not sent. Edit the building's details",
      "No mail is sent: SMTP_URL is not set on the server, so messages wait in the outbox. See the outbox",
      "PUBLIC_URL is not an https:// address",
      "The footer links to sample profiles (Alex Example, Jamie Sample). Edit the building's details",
      "Anyone can register and publish at once: close registration or have owners review posts. Change the settings",
    ])
      expect(text).toContain(point);
    expect(html).toContain('href="/manage/building#contacts"');
    expect(html).toContain('href="/manage/building#profiles"');
    // No backups are scheduled here, so the site cannot know: it says nothing about them.
    expect(text).not.toContain("No backup has been made in the last day");
  });

  it("refuses a wrong field with its message beside it, and saves nothing", async () => {
    const form = buildingForm({
      ...defaultBuilding,
      address: { ...defaultBuilding.address, postcode: "20 25" },
    });
    const response = await owner.post("/manage/building", form);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="[^"]*-error"[^>]*>Postcode must be 4 digits</);
    expect(await db.selectFrom("building").selectAll().execute()).toEqual([]);
  });

  it("shows a changed phone number on every page at once, cached ones and another instance's too", async () => {
    const visitor = new Visitor(server.url);
    const elsewhere = new Visitor(second.url);
    // Both instances have the home page and the contact page cached.
    for (const path of ["/", "/contact"]) {
      await visitor.get(path);
      await elsewhere.get(path);
    }
    const details: BuildingDetails = {
      ...defaultBuilding,
      contacts: [
        { group: "Real estate", email: "leasing@moncur-offices.com.au", phone: "02 9363 4411" },
        { group: "Building management", email: "", phone: "02 9363 4412" },
      ],
      enquiryTo: "leasing@moncur-offices.com.au",
      profiles: [],
    };
    const saved = await owner.post("/manage/building", buildingForm(details));
    expect(saved.status).toBe(303);
    for (const path of ["/", "/contact"]) {
      const html = await (await visitor.get(path)).text();
      expect(footerOf(html), path).toContain("02 9363 4411");
      expect(html, path).toContain('href="tel:0293634412"');
    }
    await expect
      .poll(async () => footerOf(await (await elsewhere.get("/")).text()), { timeout: 3000, interval: 100 })
      .toContain("02 9363 4411");
    expect(await (await elsewhere.get("/contact")).text()).toContain("02 9363 4412");
    // The home page's structured data carries the building management's number, now a real one.
    expect(await (await visitor.get("/")).text()).toContain('"telephone":"02 9363 4412"');
    const manage = textOf(await (await owner.get("/manage")).text());
    expect(manage).not.toContain("Some contact details are still examples");
    expect(manage).not.toContain("Enquiries go to an example address");
    expect(manage).not.toContain("sample profiles");
    const activity = textOf(await (await owner.get("/manage/activity")).text());
    expect(activity).toContain("changed building details");
    expect(activity).toContain("contacts, enquiryTo, profiles");
  });

  it("says on /manage/building when ENQUIRY_TO is in force", async () => {
    const here = textOf(await (await owner.get("/manage/building")).text());
    expect(here).not.toContain("ENQUIRY_TO is set");
    const elsewhere = new Visitor(second.url);
    for (const [name, value] of owner.cookies) elsewhere.cookies.set(name, value);
    const there = textOf(await (await elsewhere.get("/manage/building")).text());
    expect(there).toContain(
      "ENQUIRY_TO is set on the server: enquiries go to lettings@moncur-agents.com.au, whatever is saved here.",
    );
  });

  it("is for owners only", async () => {
    const author = await signedUp(server.url, `author.${dialect.name}@example.com`);
    expect((await author.get("/manage/building")).status).toBe(403);
    expect((await author.post("/manage/building", buildingForm(defaultBuilding))).status).toBe(403);
    expect((await new Visitor(server.url).get("/manage/building")).status).toBe(302);
  });
});
