import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { password, signedUp } from "../support/author.ts";
import { startedCookie } from "../support/enquiry-stamp.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const resetRequested = "If an account exists for that address, we've sent a link to reset the password.";
const newPassword = "wisteria-lane-1887";
const authSecret = "mail-test-secret-0123456789abcdefghijklmnop";
const enquiryTo = "leasing-team@example.com";
const enquirySent = "Thank you. Your enquiry has been sent to the building's managers.";

const enquiry = {
  name: "Pat Tenant",
  email: "pat@tenant.example",
  phone: "02 5550 0199",
  company: "Tenant & Co",
  lookingFor: "An office for four from March",
  message: "Is the top floor available?\nWe would like to inspect it.",
};

describe.each(serverDialects)("mail over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let smtp: LoopbackSmtp;
  let dispose: () => Promise<void>;
  let env: Record<string, string>;
  let counter = 0;
  const freshEmail = () => `mail${++counter}.${dialect.name}@example.com`;

  beforeAll(async () => {
    smtp = await LoopbackSmtp.start();
    const prepared = await dialect.prepare();
    dispose = prepared.dispose;
    env = prepared.env;
    server = await startServer({
      ...env,
      RATE_LIMITS: "off",
      SMTP_URL: smtp.url,
      MAIL_FROM: "site@example.com",
      ENQUIRY_TO: enquiryTo,
      AUTH_SECRET: authSecret,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.down();
    await dispose?.();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  /** The reset message that reached `email`, once it has. */
  const resetMessageFor = (email: string) => smtp.waitForMessageTo(email);

  describe("password reset", () => {
    it("answers the same, no sooner, whether or not the account exists; mails only an account", async () => {
      const email = freshEmail();
      await signedUp(server.url, email);
      const answers: { text: string; ms: number; status: number }[] = [];
      for (const address of [email, freshEmail()]) {
        const started = performance.now();
        const response = await new Visitor(server.url).post("/forgot-password", { email: address });
        answers.push({
          text: visibleText(await response.text()),
          ms: performance.now() - started,
          status: response.status,
        });
      }
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.text).toContain(resetRequested);
        expect(answer.ms).toBeGreaterThanOrEqual(400);
      }
      const message = await resetMessageFor(email);
      expect(message.mail.subject).toBe("Reset your Woollahra Moncur password");
      expect(message.mail.from?.text).toBe("site@example.com");
      expect(message.mail.html).toContain("Choose a new password");
      expect(message.mail.html).not.toMatch(/<img|<script/i);
      expect(smtp.received).toHaveLength(1);
    });

    it("sets a new password through the link once, and signs out every session", async () => {
      const email = freshEmail();
      const session = await signedUp(server.url, email);
      expect((await session.get("/dashboard")).status).toBe(200);
      await new Visitor(server.url).post("/forgot-password", { email });
      const link = linkIn(await resetMessageFor(email), "/reset-password/");
      const path = new URL(link).pathname;
      const visitor = new Visitor(server.url);
      expect((await visitor.get(path)).status).toBe(200);

      const common = await visitor.post(path, { password: "password123" });
      expect(common.status).toBe(400);
      expect(visibleText(await common.text())).toContain("This password is too common; choose another");
      const short = await visitor.post(path, { password: "short" });
      expect(visibleText(await short.text())).toContain("Password should be at least 8 characters");

      const csrf = await visitor.formToken(path);
      const reset = await visitor.post(path, { password: newPassword, csrf });
      expect(reset.status).toBe(303);
      expect(reset.headers.get("location")).toBe("/login");
      expect((await session.get("/dashboard")).status).toBe(302);
      expect((await new Visitor(server.url).logIn(email, password)).status).toBe(401);
      expect((await new Visitor(server.url).logIn(email, newPassword)).status).toBe(303);

      const again = await visitor.post(path, { password: "another-one-2026", csrf });
      expect(again.status).toBe(410);
      expect(visibleText(await again.text())).toContain("This link has expired or has already been used.");
      expect((await visitor.get(path)).status).toBe(410);
    });

    it("lets exactly one of 30 parallel uses of a link change the password", async () => {
      const email = freshEmail();
      await signedUp(server.url, email);
      await new Visitor(server.url).post("/forgot-password", { email });
      const path = new URL(linkIn(await resetMessageFor(email), "/reset-password/")).pathname;
      const visitor = new Visitor(server.url);
      const csrf = await visitor.formToken(path);
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          visitor.post(path, { password: `parallel-choice-${i}`, csrf }).then((r) => r.status),
        ),
      );
      expect(
        statuses.filter((status) => status === 303),
        String(statuses),
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => status === 410),
        String(statuses),
      ).toHaveLength(29);
    });

    it("refuses made-up and malformed links without changing anything", async () => {
      const visitor = new Visitor(server.url);
      // The page of a link that does not work has no form: the token comes from another page.
      const csrf = await visitor.formToken("/forgot-password");
      for (const token of ["x".repeat(43), "short", "%27%20or%201%3D1"]) {
        expect((await visitor.get(`/reset-password/${token}`)).status).toBe(410);
        expect((await visitor.post(`/reset-password/${token}`, { password: newPassword, csrf })).status).toBe(
          410,
        );
      }
    });

    it("is linked from the log-in page", async () => {
      const html = await (await new Visitor(server.url).get("/login")).text();
      expect(html).toContain('href="/forgot-password"');
    });
  });

  describe("leasing enquiries", () => {
    const send = (
      form: Record<string, string>,
      cookie = startedCookie(authSecret, 10),
      headers: Record<string, string> = {},
    ) => new Visitor(server.url).post("/contact", form, { cookie, ...headers });

    async function storedEnquiries(): Promise<{ name: string; message: string }[]> {
      const db = serverDatabase(server, env);
      try {
        return await db.selectFrom("enquiries").select(["name", "message"]).execute();
      } finally {
        await db.destroy();
      }
    }

    it("are forms on /contact and /commercial in pages every visitor shares; the start stamp comes from an image", async () => {
      for (const path of ["/contact", "/commercial"]) {
        const response = await new Visitor(server.url).get(path);
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
        expect(response.headers.get("set-cookie")).toBeNull();
        const html = await response.text();
        expect(html).toMatch(/<form[^>]*action="\/contact"/);
        expect(html).toContain('src="/contact/started"');
      }
      const stamp = await new Visitor(server.url).get("/contact/started");
      expect(stamp.headers.get("content-type")).toBe("image/gif");
      expect(stamp.headers.get("cache-control")).toBe("private, no-store");
      expect(stamp.headers.get("set-cookie")).toMatch(
        /^wm_enquiry=\d{13}\.[\w-]+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/,
      );
    });

    it("stores an enquiry and sends one message to the managers, replying to the visitor, none to the visitor", async () => {
      const response = await send(enquiry);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/contact/sent");
      expect(visibleText(await (await new Visitor(server.url).get("/contact/sent")).text())).toContain(
        enquirySent,
      );
      const [message] = await smtp.waitFor(1);
      expect(message?.envelopeTo).toEqual([enquiryTo]);
      expect(message?.mail.subject).toBe("Leasing enquiry from Pat Tenant");
      expect(message?.mail.replyTo?.text).toBe("pat@tenant.example");
      expect(message?.mail.text).toContain("We would like to inspect it.");
      expect(message?.mail.html).toContain("Tenant &amp; Co");
      expect(await storedEnquiries()).toContainEqual({ name: "Pat Tenant", message: enquiry.message });
      expect(smtp.received).toHaveLength(1);
    });

    it("keeps hostile names and messages as text: one subject line, no added header, no markup", async () => {
      const hostile = {
        ...enquiry,
        name: "Eve\r\nBcc: victim@example.com",
        message: '<a href="https://evil.example">click</a><script>alert(1)</script> =HYPERLINK("x")',
      };
      expect((await send(hostile)).status).toBe(303);
      const [message] = await smtp.waitFor(1);
      expect(message?.mail.subject).toBe("Leasing enquiry from Eve Bcc: victim@example.com");
      expect(message?.envelopeTo).toEqual([enquiryTo]);
      expect(message?.mail.bcc).toBeUndefined();
      const headers = message?.raw.split("\r\n\r\n")[0] ?? "";
      expect(headers).not.toMatch(/^Bcc:/im);
      // In the body too, the name stays on its line.
      expect(message?.mail.text).toContain("Name: Eve Bcc: victim@example.com");
      expect(message?.mail.html).not.toContain("<script");
      expect(message?.mail.html).not.toContain('href="https://evil.example"');
      expect(message?.mail.html).toContain("&lt;script&gt;");
    });

    it("turns robots away with a plain message and stores nothing: honeypot, too quick, no stamp, another site", async () => {
      const before = (await storedEnquiries()).length;
      const honeypot = await send({ ...enquiry, website: "https://spam.example" });
      expect(honeypot.status).toBe(400);
      expect(visibleText(await honeypot.text())).toContain("Sorry, your enquiry could not be sent.");
      const justLoaded = startedCookie(authSecret, 1);
      for (const cookie of [justLoaded, "", "wm_enquiry=9999999999999.forged"]) {
        const quick = await send(enquiry, cookie);
        expect(quick.status).toBe(400);
        expect(visibleText(await quick.text())).toContain(
          "Please take a moment to check your enquiry, then send it again.",
        );
        // The answer starts the clock for a person who was only quick (or had no stamp).
        if (cookie !== justLoaded) expect(quick.headers.get("set-cookie")).toMatch(/^wm_enquiry=/);
      }
      const crossSite = await send(enquiry, startedCookie(authSecret, 10), {
        origin: "https://evil.example",
      });
      expect(crossSite.status).toBe(403);
      expect(await storedEnquiries()).toHaveLength(before);
      expect(smtp.received).toHaveLength(0);
    });

    it("checks every field with the same messages as the browser, keeping what was typed", async () => {
      const cases: [Record<string, string>, string][] = [
        [{ ...enquiry, name: " " }, "Name is required"],
        [{ ...enquiry, email: "nope" }, "Email is not in a correct format"],
        [{ ...enquiry, message: "" }, "Message is required"],
        [{ ...enquiry, message: "x".repeat(2001) }, "Message must not exceed 2000 characters"],
        [{ ...enquiry, phone: "call me" }, "Phone should be a phone number, e.g. 02 5550 0103"],
        [{ ...enquiry, company: "c".repeat(101) }, "Company must not exceed 100 characters"],
      ];
      for (const [form, message] of cases) {
        const response = await send(form);
        expect(response.status).toBe(400);
        const html = await response.text();
        expect(visibleText(html)).toContain(message);
        if (form.phone === enquiry.phone) expect(html).toContain('value="02 5550 0199"');
      }
      expect(
        (await send({ ...enquiry, message: "y".repeat(2000), phone: "", company: "", lookingFor: "" }))
          .status,
      ).toBe(303);
    });
  });

  describe("changing the e-mail address", () => {
    it("goes through a link sent to the new address, with a notice to the old one", async () => {
      const email = freshEmail();
      const newEmail = freshEmail();
      const visitor = await signedUp(server.url, email);
      const wrong = await visitor.post("/account/email", { email: newEmail, password: "not-the-password" });
      expect(wrong.status).toBe(400);
      expect(visibleText(await wrong.text())).toContain("Password is incorrect");

      const asked = await visitor.post("/account/email", { email: newEmail, password });
      expect(asked.status).toBe(200);
      expect(visibleText(await asked.text())).toContain(`We've sent a link to ${newEmail}.`);
      const notice = await smtp.waitForMessageTo(email);
      expect(notice.mail.text).toContain(`asked to change its address to ${newEmail}`);
      const confirmation = await smtp.waitForMessageTo(newEmail);
      const path = new URL(linkIn(confirmation, "/account/email/confirm/")).pathname;
      // Opening the link changes nothing (mail scanners open links); the button does.
      const page = new Visitor(server.url);
      const csrf = await page.formToken(path);
      expect((await new Visitor(server.url).logIn(email, password)).status).toBe(303);
      const confirmed = await page.post(path, { csrf });
      expect(confirmed.status).toBe(303);
      expect((await new Visitor(server.url).logIn(newEmail, password)).status).toBe(303);
      expect((await new Visitor(server.url).logIn(email, password)).status).toBe(401);
      expect((await page.post(path, { csrf })).status).toBe(410);
      const forThem = smtp.received.filter(
        ({ envelopeTo }) => envelopeTo.includes(email) || envelopeTo.includes(newEmail),
      );
      expect(forThem).toHaveLength(2);
    });

    it("sends visitors to log in, and refuses an address another account has", async () => {
      const visitorPage = await new Visitor(server.url).get("/account/email");
      expect(visitorPage.status).toBe(302);
      expect(visitorPage.headers.get("location")).toBe("/login?redirectTo=%2Faccount%2Femail");
      const taken = freshEmail();
      await signedUp(server.url, taken);
      const visitor = await signedUp(server.url, freshEmail());
      const response = await visitor.post("/account/email", { email: taken, password });
      expect(response.status).toBe(409);
      expect(visibleText(await response.text())).toContain("An account with this email already exists");
      expect(smtp.received.filter(({ envelopeTo }) => envelopeTo.includes(taken))).toHaveLength(0);
    });
  });
});
