import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { photoJpeg } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { tusUpload } from "../support/tus.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const password = "secret1";

describe.each(serverDialects)("accounts over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let counter = 0;
  const freshEmail = () => `person${++counter}.${dialect.name}@example.com`;

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await dispose?.();
  });

  // Each test starts with no attempts counted (they all come from one loopback address).
  beforeEach(async () => {
    const db = database();
    await db.deleteFrom("rateLimits").execute();
    await db.destroy();
  });

  const database = () => serverDatabase(server, env);

  async function registered(): Promise<{ email: string; visitor: Visitor }> {
    const email = freshEmail();
    const visitor = new Visitor(server.url);
    expect((await visitor.register(email, password)).status).toBe(303);
    return { email, visitor };
  }

  describe("validation on the server, with the spec's messages", () => {
    it.each([
      [{ email: "", password }, "Email is required"],
      [{ email: "not-an-email", password }, "Email is not in a correct format"],
      [{ email: "a@b", password }, "Email is not in a correct format"],
      [{ email: "ok@example.com", password: "" }, "Password is required"],
      [{ email: "ok@example.com", password: "1234" }, "Password should be at least 5 characters"],
      [
        { email: "ok@example.com", password: "x".repeat(16) },
        "Password shouldn't be more than 15 characters",
      ],
    ])("register %o → %s", async (form, message) => {
      for (const route of ["/register", "/login"]) {
        const response = await new Visitor(server.url).post(route, form);
        expect(response.status).toBe(400);
        const html = await response.text();
        expect(visibleText(html)).toContain(message);
        if (form.email) expect(html).toContain(`value="${form.email}"`);
        expect(html).not.toContain(`value="${form.password}"`.replace('value=""', "\u0000"));
      }
    });

    it("accepts passwords of exactly 5 and 15 characters", async () => {
      for (const length of [5, 15]) {
        const response = await new Visitor(server.url).register(freshEmail(), "p".repeat(length));
        expect(response.status).toBe(303);
      }
    });

    it("ignores fields of the wrong type or missing entirely", async () => {
      const response = await fetch(`${server.url}/register`, {
        method: "POST",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: "email=a@example.com&email=b@example.com",
      });
      expect(response.status).toBe(400);
    });

    it("answers a malformed multipart body with 400, not 500", async () => {
      const response = await fetch(`${server.url}/register`, {
        method: "POST",
        headers: { origin: server.url, "content-type": "multipart/form-data; boundary=zzz" },
        body: "--zzz\r\ngarbage",
      });
      expect([400, 413]).toContain(response.status);
    });
  });

  describe("registering", () => {
    it("creates the account, stores the email lower-cased, and says User registered with a link to log in", async () => {
      const visitor = new Visitor(server.url);
      const email = `MixedCase.${dialect.name}@Example.COM`;
      const response = await visitor.register(email, password);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/register?registered");
      const page = await visitor.get("/register?registered");
      const html = await page.text();
      expect(html).toMatch(/role="status"[^>]*>[\s\S]*User registered/);
      expect(html).toMatch(/href="\/login"[^>]*>Log in</);
      expect((await visitor.get("/")).status).toBe(200);
      expect(visibleText(await (await visitor.get("/")).text())).not.toContain("User registered");

      const db = database();
      const stored = await sql<{
        email: string;
      }>`select email from "user" where email = ${email.toLowerCase()}`.execute(db);
      await db.destroy();
      expect(stored.rows).toEqual([{ email: email.toLowerCase() }]);
      expect((await new Visitor(server.url).logIn(email.toUpperCase(), password)).status).toBe(303);
    });

    it("refuses a second account with the same email, in any case", async () => {
      const { email } = await registered();
      const response = await new Visitor(server.url).register(email.toUpperCase(), "other12");
      expect(response.status).toBe(409);
      const html = await response.text();
      expect(html).toMatch(/role="alert"[\s\S]*An account with this email already exists/);
      expect(html).toContain(`value="${email.toUpperCase()}"`);
      expect((await new Visitor(server.url).logIn(email, "other12")).status).toBe(401);
    });
  });

  describe("logging in", () => {
    it("signs in with a session cookie (HttpOnly, SameSite=Lax) and goes to /", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      const response = await visitor.logIn(email, password);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("wm.session_token="));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
      expect(visibleText(await (await visitor.get("/")).text())).toContain(email);
    });

    it("gives the same message for a wrong password and an unknown email, in about the same time", async () => {
      const { email } = await registered();
      const timed = async (form: [string, string]) => {
        const started = performance.now();
        const response = await new Visitor(server.url).logIn(...form);
        return {
          ms: performance.now() - started,
          status: response.status,
          text: visibleText(await response.text()),
        };
      };
      const wrong = await timed([email, "wrong12"]);
      const unknown = await timed([`nobody.${dialect.name}@example.com`, "wrong12"]);
      for (const result of [wrong, unknown]) {
        expect(result.status).toBe(401);
        expect(result.text).toContain("Invalid email or password");
      }
      expect(unknown.ms / wrong.ms).toBeGreaterThan(0.33);
      expect(unknown.ms / wrong.ms).toBeLessThan(3);
    });

    it("returns to the signed-in page that sent the visitor to log in", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      const guard = await visitor.get("/dashboard?tab=1");
      expect(guard.status).toBe(302);
      expect(guard.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%3Ftab%3D1");
      const response = await visitor.post("/login", { email, password, redirectTo: "/dashboard?tab=1" });
      expect(response.headers.get("location")).toBe("/dashboard?tab=1");
      expect((await visitor.get("/dashboard")).status).toBe(200);
    });

    it.each([
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x=y",
    ])("refuses to redirect to %s", async (redirectTo) => {
      const { email } = await registered();
      const response = await new Visitor(server.url).post("/login", { email, password, redirectTo });
      const location = response.headers.get("location") ?? "";
      expect(location.startsWith("/")).toBe(true);
      expect(location.startsWith("//")).toBe(false);
      expect(location).not.toContain("evil.example");
    });

    it("limits failed logins per email, with 429 and the wait, and lets in again after the window", async () => {
      const { email } = await registered();
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await new Visitor(server.url).logIn(email, "wrong12")).status).toBe(401);
      }
      const blocked = await new Visitor(server.url).logIn(email, password);
      expect(blocked.status).toBe(429);
      expect(visibleText(await blocked.text())).toMatch(/Too many attempts, try again in (\d+) seconds/);

      const db = database();
      await db
        .updateTable("rateLimits")
        .set({ resetAt: 0 })
        .where("key", "=", `login-email:${email}`)
        .execute();
      await db.destroy();
      expect((await new Visitor(server.url).logIn(email, password)).status).toBe(303);
    });

    it("limits registrations per address", async () => {
      const db = database();
      await db.deleteFrom("rateLimits").where("key", "like", "register-ip:%").execute();
      let last = 0;
      for (let n = 0; n < 11; n++)
        last = (await new Visitor(server.url).register(freshEmail(), password)).status;
      await db.deleteFrom("rateLimits").where("key", "like", "register-ip:%").execute();
      await db.destroy();
      expect(last).toBe(429);
    });
  });

  describe("sessions and logging out", () => {
    it("treats a tampered session cookie as signed out", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      await visitor.logIn(email, password);
      const token = visitor.cookies.get("wm.session_token") ?? "";
      visitor.cookies.set("wm.session_token", `${token.slice(0, -4)}AAAA`);
      expect(visibleText(await (await visitor.get("/")).text())).not.toContain(email);
      expect((await visitor.get("/dashboard")).status).toBe(302);
    });

    it("treats a session past its expiry as signed out", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      await visitor.logIn(email, password);
      expect((await visitor.get("/dashboard")).status).toBe(200);
      const db = database();
      await db
        .updateTable("session" as never)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
        .execute();
      await db.destroy();
      expect((await visitor.get("/dashboard")).status).toBe(302);
    });

    it("extends a session in use once a day, so a regular visitor stays signed in", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      await visitor.logIn(email, password);
      const db = database();
      const sessions = () =>
        sql<{
          expiresAt: string | Date;
        }>`select s."expiresAt" from "session" s join "user" u on u.id = s."userId" where u.email = ${email}`.execute(
          db,
        );
      const tenDays = 10 * 24 * 60 * 60 * 1000;
      await sql`update "session" set "expiresAt" = ${new Date(Date.now() + tenDays).toISOString()} where "userId" = (select id from "user" where email = ${email})`.execute(
        db,
      );
      expect((await visitor.get("/dashboard")).status).toBe(200);
      const [row] = (await sessions()).rows;
      expect(new Date(row?.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
      await db.destroy();
    });

    it("logs out with a POST: session deleted, the old cookie useless, back to /login", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      await visitor.logIn(email, password);
      const stolen = visitor.cookieHeader;
      const response = await visitor.post("/logout", {});
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/login");
      expect(visitor.cookies.has("wm.session_token")).toBe(false);
      const replay = await fetch(`${server.url}/dashboard`, {
        redirect: "manual",
        headers: { cookie: stolen },
      });
      expect(replay.status).toBe(302);
    });

    it("asks before logging out: opening /logout shows a Log out form and signs no one out", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      await visitor.logIn(email, password);
      const page = await visitor.get("/logout");
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const main = (await page.text()).split("<main")[1] ?? "";
      const token = visitor.cookies.get("wm_form");
      expect(main).toMatch(
        new RegExp(
          `<form [^>]*action="/logout" method="post"><input type="hidden" name="csrf" value="${token}"/><button type="submit"[^>]*>Log out</button></form>`,
        ),
      );
      for (let i = 0; i < 3; i++) expect((await visitor.get("/logout")).status).toBe(200);
      expect((await visitor.get("/dashboard")).status).toBe(200);
      const visitorPage = await new Visitor(server.url).get("/logout");
      expect(visitorPage.status).toBe(302);
      expect(visitorPage.headers.get("location")).toBe("/login");
    });

    it.each([
      ["empty", () => ""],
      ["forged", () => "made-up.signature"],
      ["a visitor's", () => new Visitor(server.url).formToken("/login")],
    ])("refuses a log-out whose token is %s with 403, signing no one out", async (_label, token) => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      await visitor.logIn(email, password);
      expect((await visitor.post("/logout", { csrf: await token() })).status).toBe(403);
      expect((await visitor.get("/dashboard")).status).toBe(200);
    });

    it("keeps a reader signed in on a post whose images lead to /logout", async () => {
      const { email, visitor: author } = await registered();
      await author.logIn(email, password);
      const cover = await tusUpload(server.url, await photoJpeg(900, 600), { cookie: author.cookieHeader });
      const hostileImages = [
        "![a](/images/%2e%2e/logout)",
        "![b](/images/%2E%2E/logout)",
        "![c](/images/x/..%2flogout)",
        "![d](/images//logout)",
        `![e](${server.url}/logout)`,
        "![f][ref]\n\n[ref]: /images/.%2e/logout",
        `![cover](/images/${cover.id}/400.webp)`,
      ];
      const created = await author.post("/create-post", {
        title: "Pictures that lead elsewhere",
        content: hostileImages.join("\n\n"),
        coverImageId: cover.id as string,
      });
      expect(created.status).toBe(303);
      const db = database();
      const { slug } = await db
        .selectFrom("posts")
        .select("slug")
        .where("title", "=", "Pictures that lead elsewhere")
        .executeTakeFirstOrThrow();
      await db.destroy();

      const reader = await registered();
      await reader.visitor.logIn(reader.email, password);
      const pageUrl = `${server.url}/blog/${encodeURIComponent(slug)}`;
      const html = await (await reader.visitor.get(`/blog/${encodeURIComponent(slug)}`)).text();
      const content = html.slice(html.indexOf('class="prose'), html.indexOf("</article>"));
      // Every image the post's content shows, fetched as a browser does: resolved, with the reader's cookies.
      const sources = [...content.matchAll(/<img [^>]*src="([^"]+)"/g)].map(
        (match) => new URL(match[1] as string, pageUrl),
      );
      for (const url of sources) await reader.visitor.get(url.pathname + url.search);
      expect((await reader.visitor.get("/dashboard")).status, "the reader is still signed in").toBe(200);
      expect(sources.map((url) => url.pathname)).toEqual([`/images/${cover.id}/400.webp`]);
    });
  });

  describe("the anti-forgery token of the log-in and register forms", () => {
    it("comes with the page, in an HttpOnly cookie and the form, and stays the same for the visit", async () => {
      const visitor = new Visitor(server.url);
      const page = await visitor.get("/login");
      const cookie = page.headers.getSetCookie().find((c) => c.startsWith("wm_form="));
      expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
      const token = await visitor.formToken("/login");
      expect(token).toBe(visitor.cookies.get("wm_form"));
      expect(await visitor.formToken("/register")).toBe(token);
      expect(await new Visitor(server.url).formToken("/login")).not.toBe(token);
    });

    it.each([
      ["missing", () => ({})],
      ["empty", () => ({ csrf: "" })],
      ["another visitor's", (other: string) => ({ csrf: other })],
      ["forged", () => ({ csrf: "made-up.signature" })],
    ])("refuses a form whose token is %s with 403, creating no account", async (_label, token) => {
      const email = freshEmail();
      const visitor = new Visitor(server.url);
      await visitor.formToken("/register");
      const other = await new Visitor(server.url).formToken("/register");
      const form: Record<string, string> = { email, password, ...token(other) };
      const response = await fetch(`${server.url}/register`, {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: visitor.cookieHeader,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(form),
      });
      expect(response.status).toBe(403);
      expect(visibleText(await response.text())).toContain(
        "This form has expired or was sent from somewhere else. Reload the page and try again.",
      );
      expect((await new Visitor(server.url).logIn(email, password)).status).toBe(401);
    });

    it("refuses a log-in whose token does not match its cookie, signing nobody in", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      await visitor.formToken("/login");
      const response = await visitor.post("/login", {
        email,
        password,
        csrf: await new Visitor(server.url).formToken("/login"),
      });
      expect(response.status).toBe(403);
      expect(visitor.cookies.has("wm.session_token")).toBe(false);
      expect((await visitor.get("/dashboard")).status).toBe(302);
    });
  });

  describe("forms sent from another site", () => {
    it.each([
      [{ origin: "https://evil.example" }],
      [{ origin: "null" }],
      [{ "sec-fetch-site": "cross-site" }],
      [{ "sec-fetch-site": "same-site" }],
    ])("are refused with 403 and change nothing (%o)", async (headers) => {
      const email = freshEmail();
      const response = await new Visitor(server.url).post("/register", { email, password }, headers);
      expect(response.status).toBe(403);
      expect((await new Visitor(server.url).logIn(email, password)).status).toBe(401);
    });

    it("cannot log a signed-in user out", async () => {
      const { email, visitor } = await registered();
      await visitor.logIn(email, password);
      expect((await visitor.post("/logout", {}, { origin: "https://evil.example" })).status).toBe(403);
      expect((await visitor.get("/dashboard")).status).toBe(200);
    });
  });
});

describe("sessions across a restart", () => {
  it("keep a signed-in user signed in", async () => {
    const first = await startServer();
    const visitor = new Visitor(first.url);
    await visitor.register("restart@example.com", password);
    await visitor.logIn("restart@example.com", password);
    await first.stop();
    const second = await startServer({ DATA_DIR: first.dataDir });
    const again = new Visitor(second.url);
    for (const [name, value] of visitor.cookies) again.cookies.set(name, value);
    expect((await again.get("/dashboard")).status).toBe(200);
    await second.stop();
  });
});

describe("on HTTPS", () => {
  it("marks the session cookie and the forms' token cookie Secure", async () => {
    const server = await startServer({ PUBLIC_URL: "https://woollahra-moncur.example" });
    const visitor = new Visitor(server.url);
    const page = await visitor.get("/login");
    expect(page.headers.getSetCookie().find((c) => c.startsWith("wm_form="))).toMatch(/; Secure$/);
    await visitor.register("secure@example.com", password);
    const response = await visitor.logIn("secure@example.com", password);
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-wm\.session_token=.*; Secure/i);
    // Behind an HTTPS proxy the browser sends the cookie back under its __Secure- name.
    expect((await visitor.get("/dashboard")).status).toBe(200);
    visitor.cookies.set("wm.session_token", visitor.cookies.get("__Secure-wm.session_token") ?? "");
    visitor.cookies.delete("__Secure-wm.session_token");
    expect((await visitor.get("/dashboard")).status).toBe(302);
    await server.stop();
  });
});
