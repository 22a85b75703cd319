import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { password, signedIn } from "../support/author.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const mustVerify =
  "Confirm your e-mail address before publishing: follow the link we sent you when you registered, or ask for a new one.";

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
