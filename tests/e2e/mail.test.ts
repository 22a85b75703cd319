import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { password, signedUp } from "../support/author.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const resetRequested = "If an account exists for that address, we've sent a link to reset the password.";
const newPassword = "wisteria-lane-1887";

describe.each(serverDialects)("mail over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let smtp: LoopbackSmtp;
  let dispose: () => Promise<void>;
  let counter = 0;
  const freshEmail = () => `mail${++counter}.${dialect.name}@example.com`;

  beforeAll(async () => {
    smtp = await LoopbackSmtp.start();
    const prepared = await dialect.prepare();
    dispose = prepared.dispose;
    server = await startServer({
      ...prepared.env,
      RATE_LIMITS: "off",
      SMTP_URL: smtp.url,
      MAIL_FROM: "site@example.com",
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
  async function resetMessageFor(email: string) {
    await smtp.waitFor(1);
    const message = smtp.received.find(({ envelopeTo }) => envelopeTo.includes(email));
    if (!message) throw new Error(`nothing for ${email}`);
    return message;
  }

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
      expect(statuses.filter((status) => status === 410)).toHaveLength(29);
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
});
