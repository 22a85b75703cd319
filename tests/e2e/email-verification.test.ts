import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { password, signedIn } from "../support/author.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const mustVerify =
  "Confirm your e-mail address before publishing: follow the link we sent you when you registered, or ask for a new one.";
const askForLink =
  "Confirm your e-mail address before publishing: press Send link and follow the link we e-mail you.";

/** REQUIRE_EMAIL_VERIFICATION=true (the default, off, is the flow every other suite uses). */
describe("address verification", () => {
  let server: RunningServer;
  let smtp: LoopbackSmtp;

  beforeAll(async () => {
    smtp = await LoopbackSmtp.start();
    server = await startServer({
      SMTP_URL: smtp.url,
      REQUIRE_EMAIL_VERIFICATION: "true",
      RATE_LIMITS: "off",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.down();
  });

  it("lets a new account sign in but not publish until it follows the link; Resend sends another", async () => {
    const email = "unverified@example.com";
    expect((await new Visitor(server.url).register(email, password)).status).toBe(303);
    const [first] = await smtp.waitFor(1);
    if (!first) throw new Error("no message");
    expect(first.envelopeTo).toEqual([email]);
    const author = await signedIn(server.url, email);

    const page = visibleText(await (await author.get("/create-post")).text());
    expect(page).toContain(mustVerify);
    expect(page).toContain("Resend");
    const refused = await author.post("/create-post", { title: "Too soon", content: "Not yet" });
    expect(refused.status).toBe(403);
    expect(visibleText(await refused.text())).toContain(mustVerify);
    expect((await author.post("/create-batch", {})).status).toBe(403);

    const csrf = await author.formToken("/create-post");
    const resent = await author.post("/verify-email/resend", { csrf });
    expect(resent.status).toBe(303);
    await smtp.waitFor(2);
    // The first link was replaced by the second.
    const oldPath = new URL(linkIn(first, "/verify-email/")).pathname;
    expect((await new Visitor(server.url).get(oldPath)).status).toBe(410);

    const path = new URL(linkIn(smtp.received[1] as (typeof smtp.received)[number], "/verify-email/"))
      .pathname;
    const visitor = new Visitor(server.url);
    const confirmed = await visitor.post(path, { csrf: await visitor.formToken(path) });
    expect(confirmed.status).toBe(303);
    expect(visibleText(await (await author.get("/create-post")).text())).not.toContain(mustVerify);
  });
});

describe("turning address verification on for a site that already has accounts", () => {
  let before: RunningServer;
  let after: RunningServer;
  let smtp: LoopbackSmtp;

  beforeAll(async () => {
    smtp = await LoopbackSmtp.start();
    before = await startServer({ SMTP_URL: smtp.url, RATE_LIMITS: "off" });
    await new Visitor(before.url).register("owner-before@example.com", password);
    await new Visitor(before.url).register("author-before@example.com", password);
    const db = serverDatabase(before);
    try {
      await makeOwner(db, "owner-before@example.com");
    } finally {
      await db.destroy();
    }
    await before.stop();
    after = await startServer({
      DATA_DIR: before.dataDir,
      SMTP_URL: smtp.url,
      REQUIRE_EMAIL_VERIFICATION: "true",
      RATE_LIMITS: "off",
    });
  });
  afterAll(async () => {
    await after?.stop();
    await smtp?.down();
  });

  it("never holds an owner back", async () => {
    const owner = await signedIn(after.url, "owner-before@example.com");
    const page = visibleText(await (await owner.get("/create-post")).text());
    expect(page).not.toContain("Confirm your e-mail address");
    // Past the verification check: the form itself is judged (it has no content or cover).
    expect((await owner.post("/create-post", { title: "Owner's note" })).status).toBe(400);
  });

  it("asks an account never sent a link to ask for one, and one press sends it", async () => {
    const author = await signedIn(after.url, "author-before@example.com");
    const page = visibleText(await (await author.get("/create-post")).text());
    expect(page).toContain(askForLink);
    expect(page).not.toContain(mustVerify);
    expect(page).toContain("Send link");
    expect((await author.post("/create-batch", {})).status).toBe(403);
    const csrf = await author.formToken("/create-post");
    expect((await author.post("/verify-email/resend", { csrf })).status).toBe(303);
    const [message] = await smtp.waitFor(1);
    expect(message?.envelopeTo).toEqual(["author-before@example.com"]);
    expect(visibleText(await (await author.get("/create-post")).text())).toContain(mustVerify);
  });
});
