import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { password } from "../support/author.ts";
import { photoJpeg } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { tusUpload } from "../support/tus.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

describe.each(serverDialects)("accounts over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let counter = 0;
  const freshEmail = () => `person${++counter}.${dialect.name}@example.com`;

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    // Every test comes from one address, more often than the limits allow: throttles.test.ts tests them.
    server = await startServer({ ...env, RATE_LIMITS: "off" });
  });
  afterAll(async () => {
    await server?.stop();
    await dispose?.();
  });

  const database = () => serverDatabase(server, env);

  async function registered(): Promise<{ email: string; visitor: Visitor }> {
    const email = freshEmail();
    const visitor = new Visitor(server.url);
    expect((await visitor.register(email, password)).status).toBe(303);
    return { email, visitor };
  }

  /** The message shown beside a field of a form ("register" or "login"). */
  const fieldMessage = (html: string, form: string, field: string) =>
    visibleText(html.match(new RegExp(`<p id="${form}-${field}-error"[^>]*>([^<]*)</p>`))?.[1] ?? "").trim();
  const passwordInput = (html: string) => html.match(/<input[^>]*name="password"[^>]*>/)?.[0] ?? "";

  async function accountExists(email: string): Promise<boolean> {
    const db = database();
    const { rows } = await sql`select 1 from "user" where email = ${email.toLowerCase()}`.execute(db);
    await db.destroy();
    return rows.length > 0;
  }

  describe("validation on the server, with the spec's messages", () => {
    type Case = [Record<"email" | "password", string>, "email" | "password", string];
    const bothForms: Case[] = [
      [{ email: "", password }, "email", "Email is required"],
      [{ email: "not-an-email", password }, "email", "Email is not in a correct format"],
      [{ email: "a@b", password }, "email", "Email is not in a correct format"],
      [{ email: "empty@example.com", password: "" }, "password", "Password is required"],
    ];
    const newPasswords: Case[] = [
      [
        { email: "short@example.com", password: "1234567" },
        "password",
        "Password should be at least 8 characters",
      ],
      [
        { email: "long@example.com", password: "x".repeat(65) },
        "password",
        "Password shouldn't be more than 64 characters",
      ],
      [
        { email: "common@example.com", password: "password" },
        "password",
        "This password is too common; choose another",
      ],
      [
        { email: "capitals@example.com", password: "BaseBall" },
        "password",
        "This password is too common; choose another",
      ],
    ];

    async function expectRefused(route: "register" | "login", [form, field, message]: Case) {
      const response = await new Visitor(server.url).post(`/${route}`, form);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(fieldMessage(html, route, field)).toBe(message);
      if (form.email) expect(html).toContain(`value="${form.email}"`);
      // What was typed as the password never comes back in the page.
      expect(passwordInput(html)).not.toMatch(/\svalue=/);
      if (form.email) expect(await accountExists(form.email)).toBe(false);
    }

    it.each([...bothForms, ...newPasswords])("register %o → %s: %s", async (...testCase) => {
      await expectRefused("register", testCase);
    });

    it.each(bothForms)("log in %o → %s: %s", async (...testCase) => {
      await expectRefused("login", testCase);
    });

    it("accepts new passwords of exactly 8 and 64 characters, and 64 emoji (128 UTF-16 units), which then sign in", async () => {
      for (const chosen of ["p".repeat(8), "p".repeat(64), "🔑".repeat(64)]) {
        const email = freshEmail();
        expect((await new Visitor(server.url).register(email, chosen)).status).toBe(303);
        expect((await new Visitor(server.url).logIn(email, chosen)).status).toBe(303);
      }
    });

    it("signs in an account made under the old rules with a 5-character password; log in checks only that one was given", async () => {
      const { email } = await registered();
      const old = "abc12";
      const db = database();
      await sql`update "account" set password = ${await hashPassword(old)} where "userId" = (select id from "user" where email = ${email})`.execute(
        db,
      );
      await db.destroy();
      const visitor = new Visitor(server.url);
      expect((await visitor.logIn(email, old)).status).toBe(303);
      expect(visibleText(await (await visitor.get("/")).text())).toContain(email);
      for (const wrong of ["x", "x".repeat(65), "x".repeat(5000)]) {
        const response = await new Visitor(server.url).logIn(email, wrong);
        expect(response.status).toBe(401);
        expect(visibleText(await response.text())).toContain("Invalid email or password");
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
      const response = await new Visitor(server.url).register(email.toUpperCase(), "wisteria-1888");
      expect(response.status).toBe(409);
      const html = await response.text();
      expect(html).toMatch(/role="alert"[\s\S]*An account with this email already exists/);
      expect(html).toContain(`value="${email.toUpperCase()}"`);
      expect((await new Visitor(server.url).logIn(email, "wisteria-1888")).status).toBe(401);
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
      const wrong = await timed([email, "not-the-password"]);
      const unknown = await timed([`nobody.${dialect.name}@example.com`, "not-the-password"]);
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

    it("sends a signed-in visitor on to a path outside ASCII, written so a header can carry it", async () => {
      const { email } = await registered();
      const visitor = new Visitor(server.url);
      await visitor.post("/login", { email, password });
      const response = await visitor.get("/login?redirectTo=/%C4%80");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/%C4%80");
      const typed = await new Visitor(server.url).post("/login", { email, password, redirectTo: "/\u0100" });
      expect(typed.headers.get("location")).toBe("/%C4%80");
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
      // Read as better-auth reads it: the first cookie of the name counts, not a valid one after it.
      const twoCookies = await fetch(`${server.url}/dashboard`, {
        headers: { cookie: `wm.session_token=made-up.signature; wm.session_token=${token}` },
        redirect: "manual",
      });
      expect(twoCookies.status).toBe(302);
      const signedAlone = await fetch(`${server.url}/dashboard`, {
        headers: { cookie: `wm.session_token=${token}` },
        redirect: "manual",
      });
      expect(signedAlone.status).toBe(200);
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
      // The post's text: from its prose to the first form after it (the subscribe form) or the article's end.
      const start = html.indexOf('class="prose');
      const ends = [html.indexOf("<form", start), html.indexOf("</article>", start)].filter((end) => end > 0);
      const content = html.slice(start, Math.min(...ends));
      // Every image the post's content shows, fetched as a browser does: resolved, with the reader's cookies.
      const sources = [...content.matchAll(/<img [^>]*src="([^"]+)"/g)].map(
        (match) => new URL(match[1] as string, pageUrl),
      );
      for (const url of sources) await reader.visitor.get(url.pathname + url.search);
      expect((await reader.visitor.get("/dashboard")).status, "the reader is still signed in").toBe(200);
      // The one image of the post's own is shown as a picture of its variants (the largest as its src).
      expect(sources.map((url) => url.pathname)).toEqual([`/images/${cover.id}/900.jpg`]);
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

    it("refuses a form whose Host is forged as a refusal, not as a server error", async () => {
      const email = freshEmail();
      const body = new URLSearchParams({ email, password }).toString();
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(`${server.url}/register`, {
          method: "POST",
          headers: {
            host: "evil.example",
            origin: server.url,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
          },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        request.end(body);
      });
      expect(status).toBe(403);
      expect(server.output()).not.toContain('"level":50');
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

describe("the list of common passwords", () => {
  it("stays on the server: no script the browser loads carries it", () => {
    const assets = path.join(import.meta.dirname, "..", "..", "build", "client", "assets");
    const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const text = readFileSync(path.join(assets, file), "utf8");
      // Two entries of the list that nothing else on the site would spell.
      expect(text, file).not.toContain("1qaz2wsx");
      expect(text, file).not.toContain("trustno1");
    }
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
  it("marks the session cookie, the forms' token cookie and their start stamp Secure", async () => {
    const server = await startServer({ PUBLIC_URL: "https://woollahra-moncur.example" });
    const visitor = new Visitor(server.url);
    const page = await visitor.get("/login");
    expect(page.headers.getSetCookie().find((c) => c.startsWith("wm_form="))).toMatch(
      /; Secure; SameSite=Lax$/,
    );
    const stamp = await visitor.get("/contact/started");
    expect(stamp.headers.getSetCookie().find((c) => c.startsWith("wm_enquiry="))).toMatch(/; Secure/);
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
