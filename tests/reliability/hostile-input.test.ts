import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { widthsFor } from "~/uploads/image-variants.ts";
import { password, published, signedIn, signedUp } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { startedCookie } from "../support/enquiry-stamp.ts";
import { photoJpeg } from "../support/images.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { tusUpload } from "../support/tus.ts";
import { Visitor, visibleText } from "../support/visitor.ts";
import {
  type CorpusCase,
  expand,
  type LinkCase,
  loadCorpus,
  type Refusal,
  statuses,
} from "./support/corpus.ts";
import { makeHostileFile } from "./support/hostile-images.ts";
import { inertnessProblems } from "./support/inertness.ts";
import { rawRequest } from "./support/raw-http.ts";
import { changedParts, type SiteState, siteState } from "./support/site-state.ts";
import { formatTable } from "./support/table.ts";

/**
 * Every case of the hostile-input corpus against the production server: each is refused with
 * a 4xx (and the site's words where it has them) and changes nothing, or is accepted and then
 * shown to be inert in Chromium. A summary table of categories and outcomes is printed.
 */
const corpus = loadCorpus();

/** Refused: a 4xx, or a redirect to log in; inert: accepted, and shown to run nothing. */
type Outcome = "refused" | "inert" | "failed";

/** A page that shows accepted hostile input, who looks at it, and the cases it stands for. */
interface PageToCheck {
  path: string;
  visitor?: Visitor;
  caseId: string;
}

describe("hostile input", () => {
  let server: RunningServer;
  let db: Db;
  let author: Visitor;
  let authorEmail: string;
  let cover: string;
  let targetSlug: string;
  /** A visitor's anti-forgery token for the log-in and register forms (its cookie goes with it). */
  let formToken: string;
  let accounts = 0;
  const outcomes = new Map<string, Outcome>();
  const pagesToCheck: PageToCheck[] = [];

  const state = () => siteState(db, server.dataDir);

  async function slugs(): Promise<Set<string>> {
    return new Set((await db.selectFrom("posts").select("slug").execute()).map((row) => row.slug));
  }

  /** The fields of a valid post, which a case's fields go over. */
  const validPost = () => ({
    title: "A walk down Moncur Street",
    content: "The **jacarandas** were out.",
    coverImageId: cover,
  });

  /** A tus upload begun by the author and left unfinished. */
  async function unfinishedUpload(): Promise<string> {
    const response = await rawRequest(server.url, {
      method: "POST",
      path: "/api/uploads",
      headers: { cookie: author.cookieHeader, "tus-resumable": "1.0.0", "upload-length": "1000" },
    });
    expect(response.status).toBe(201);
    return String(response.headers.location).split("/").pop() as string;
  }

  async function fillPlaceholders(text: string): Promise<string> {
    const upload = text.includes("{upload}") ? await unfinishedUpload() : "";
    return text
      .replaceAll("{slug}", targetSlug)
      .replaceAll("{image}", cover)
      .replaceAll("{upload}", upload)
      .replaceAll("{formToken}", formToken);
  }

  function expectRefusal(refusal: Refusal, status: number, body: string, location?: string) {
    expect(statuses(refusal), `status ${status}: ${body.slice(0, 200)}`).toContain(status);
    if (refusal.message) expect(visibleText(body)).toContain(refusal.message);
    if (refusal.location !== undefined) expect(location).toBe(refusal.location);
  }

  function expectUnchanged(before: SiteState, after: SiteState) {
    expect(changedParts(before, after), "parts of the site that changed").toEqual([]);
  }

  /** In post fields: $cover is the author's image, $site the site's address and $host its host. */
  function sitePlaceholders(text: string): string {
    return text
      .replaceAll("$cover", cover)
      .replaceAll("$site", server.url)
      .replaceAll("$host", new URL(server.url).host);
  }

  /** Creates a post, or edits a fresh one, with the case's fields over valid defaults. */
  async function runPost(c: Extract<CorpusCase, { kind: "post" }>): Promise<Outcome> {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(c.fields)) fields[name] = sitePlaceholders(expand(value));
    let path = "/create-post";
    if (c.route === "edit") path = `/edit-post/${await published(author, validPost())}`;
    const existing = await slugs();
    const before = await state();
    const response = await author.post(path, { ...validPost(), ...fields });
    const body = await response.text();
    if (c.expect !== "accepted") {
      expectRefusal(c.expect, response.status, body);
      expectUnchanged(before, await state());
      return "refused";
    }
    expect(response.status, visibleText(body).slice(0, 300)).toBe(303);
    const slug =
      c.route === "edit"
        ? path.slice("/edit-post/".length)
        : ([...(await slugs())].find((candidate) => !existing.has(candidate)) as string);
    const stored = await db
      .selectFrom("posts")
      .selectAll()
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    expect(stored.userId).not.toBeNull();
    if (c.stored?.title !== undefined) expect(stored.title).toBe(sitePlaceholders(c.stored.title));
    if (c.stored?.content !== undefined) expect(stored.content).toBe(sitePlaceholders(c.stored.content));
    const url = `/blog/${encodeURIComponent(slug)}`;
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    pagesToCheck.push(
      { path: url, caseId: c.id },
      { path: `/edit-post/${encodeURIComponent(slug)}`, visitor: author, caseId: c.id },
    );
    return "inert";
  }

  async function run(c: CorpusCase): Promise<Outcome> {
    switch (c.kind) {
      case "post":
        return runPost(c);
      case "account":
        return runAccount(c);
      case "request":
        return runRequest(c);
      case "upload":
        return runUpload(c);
      case "cache-probe":
        return runCacheProbe(c);
      case "enquiry":
        return runEnquiry(c);
      case "link":
        return runLink(c);
      case "password-guess":
        return runPasswordGuesses(c);
    }
  }

  /** Where each kind of link leads, as the messages write it. */
  const linkPaths = {
    reset: "/reset-password/",
    "email-change": "/account/email/confirm/",
    "stop-change": "/account/email/stop/",
  } as const;

  /** The path of the newest link of this kind in the outbox (the site sends no mail here), or undefined. */
  async function newestLink(kind: keyof typeof linkPaths, to: string, except?: string) {
    const messages = await db
      .selectFrom("outbox")
      .select("text")
      .where("toAddress", "=", to)
      .orderBy("createdAt", "desc")
      .execute();
    for (const { text } of messages) {
      const found = text.match(new RegExp(`${linkPaths[kind]}[A-Za-z0-9_-]{43}`))?.[0];
      if (found && found !== except) return found;
    }
    return undefined;
  }

  /** A fresh account, signed in. */
  async function freshAccount(): Promise<{ email: string; visitor: Visitor }> {
    const email = `linked${++accounts}@example.com`;
    return { email, visitor: await signedUp(server.url, email) };
  }

  async function sendLink(kind: LinkCase["link"], email: string, visitor: Visitor): Promise<string> {
    if (kind === "reset") await new Visitor(server.url).post("/forgot-password", { email });
    else await visitor.post("/account/email", { email: `moved.${email}`, password });
    const to = kind === "email-change" ? `moved.${email}` : email;
    return (await newestLink(kind, to)) as string;
  }

  /** Uses a link as its holder would: its button, with a form token from the page. */
  async function followLink(path: string, fields: Record<string, string> = {}): Promise<Response> {
    const holder = new Visitor(server.url);
    return holder.post(path, { ...fields, csrf: await holder.formToken("/forgot-password") });
  }

  const afterwards: Record<
    LinkCase["after"],
    (account: { email: string; visitor: Visitor }, link: string) => Promise<void>
  > = {
    nothing: async () => {},
    "password change": async ({ visitor }) => {
      const changed = await visitor.post("/account", {
        intent: "password",
        currentPassword: password,
        password: "moreton-bay-1926",
      });
      expect(changed.status).toBe(303);
    },
    "password reset": async ({ email }, link) => {
      await new Visitor(server.url).post("/forgot-password", { email });
      const reset = (await newestLink("reset", email, link)) as string;
      expect((await followLink(reset, { password: "moreton-bay-1926" })).status).toBe(303);
    },
    "sign out everywhere": async ({ visitor }) => {
      expect((await visitor.post("/account", { intent: "sign-out-everywhere" })).status).toBe(303);
    },
    "address change": async ({ email, visitor }) => {
      const pending = await newestLink("email-change", `moved.${email}`);
      if (!pending) await visitor.post("/account/email", { email: `moved.${email}`, password });
      const confirm = (await newestLink("email-change", `moved.${email}`)) as string;
      expect((await followLink(confirm)).status).toBe(303);
    },
    suspension: async ({ email }) => {
      const id = (await userId(email)) as string;
      expect(
        (await siteOwner().then((owner) => owner.post("/manage/users", { intent: "suspend", userId: id })))
          .status,
      ).toBe(200);
    },
    deletion: async ({ visitor }) => {
      expect((await visitor.post("/account/delete", { password })).status).toBe(303);
    },
    "link used": async (_, link) => {
      expect((await followLink(link, { password: "moreton-bay-1926" })).status).toBe(303);
    },
  };

  async function userId(email: string): Promise<string | undefined> {
    const { rows } = await sql<{ id: string }>`select id from "user" where email = ${email}`.execute(db);
    return rows[0]?.id;
  }

  let owner: Promise<Visitor> | undefined;
  /** An owner of the site, made on first use. */
  function siteOwner(): Promise<Visitor> {
    owner ??= (async () => {
      const email = "site-owner@example.com";
      await new Visitor(server.url).register(email, password);
      await makeOwner(db, email);
      return signedIn(server.url, email);
    })();
    return owner;
  }

  async function runLink(c: Extract<CorpusCase, { kind: "link" }>): Promise<Outcome> {
    const account = await freshAccount();
    const link = await sendLink(c.link, account.email, account.visitor);
    expect(link, "the link the case starts from").toBeDefined();
    await afterwards[c.after](account, link);
    const sent = link.slice(linkPaths[c.link].length);
    const written = expand(c.token ?? "$token");
    const [spelled, at] = written.split("@") as [string, keyof typeof linkPaths | undefined];
    const path = `${linkPaths[at ?? c.link]}${spelled.replace("$TOKEN", sent.toUpperCase()).replace("$token-short", sent.slice(0, -1)).replace("$token", sent)}`;
    const before = await state();
    const opened = await new Visitor(server.url).get(path);
    expectRefusal(c.expect, opened.status, await opened.text());
    const followed = await followLink(path, { password: "attackers-pick-2026" });
    expectRefusal(c.expect, followed.status, await followed.text());
    expectUnchanged(before, await state());
    return "refused";
  }

  let limited: Promise<RunningServer> | undefined;
  let guessers = 0;
  /** A server with the limits on, trusting one proxy, so each case guesses from an address of its own. */
  function limitedServer(): Promise<RunningServer> {
    limited ??= startServer({ TRUST_PROXY: "1" });
    return limited;
  }

  async function runPasswordGuesses(c: Extract<CorpusCase, { kind: "password-guess" }>): Promise<Outcome> {
    const target = await limitedServer();
    const from = { "x-forwarded-for": `192.0.2.${++guessers}` };
    const email = `guessed${guessers}@example.com`;
    const victim = new Visitor(target.url);
    expect((await victim.post("/register", { email, password }, from)).status).toBe(303);
    expect((await victim.post("/login", { email, password }, from)).status).toBe(303);
    const stranger = new Visitor(target.url);
    const tokens = {
      victim: await victim.formToken("/account"),
      stranger: await stranger.formToken("/login"),
    };
    const forms = {
      "/login": (guess: string) => ({ email, password: guess, csrf: tokens.stranger }),
      "/account": (guess: string) => ({
        intent: "password",
        currentPassword: guess,
        password: "moreton-bay-1926",
        csrf: tokens.victim,
      }),
      "/account/delete": (guess: string) => ({ password: guess, csrf: tokens.victim }),
      "/account/email": (guess: string) => ({
        email: `moved.${email}`,
        password: guess,
        csrf: tokens.victim,
      }),
    };
    const answers = await Promise.all(
      c.guesses.map((guess, i) => {
        const route = c.routes[i % c.routes.length] as keyof typeof forms;
        return (route === "/login" ? stranger : victim).post(route, forms[route](expand(guess)), from);
      }),
    );
    const statuses = answers.map(({ status }) => status);
    expect(
      statuses.filter((status) => status !== 429),
      String(statuses),
    ).toHaveLength(c.reached);
    expect(
      statuses.every((status) => [400, 401, 429].includes(status)),
      String(statuses),
    ).toBe(true);
    const right = await new Visitor(target.url).post(
      "/login",
      { email, password },
      { "x-forwarded-for": "192.0.2.250" },
    );
    expect(right.status).toBe(429);
    expect((await victim.get("/account", from)).status).toBe(200);
    return "refused";
  }

  async function runEnquiry(c: Extract<CorpusCase, { kind: "enquiry" }>): Promise<Outcome> {
    const form: Record<string, string> = { name: "Pat", email: "pat@example.com", message: "Hello" };
    for (const [name, value] of Object.entries(c.fields)) form[name] = expand(value);
    const before = await state();
    const response = await new Visitor(server.url).post("/contact", form, {
      cookie: startedCookie(readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim()),
    });
    const body = await response.text();
    const after = await state();
    if (c.expect !== "accepted") {
      expectRefusal(c.expect, response.status, body, undefined);
      expectUnchanged(before, after);
      return "refused";
    }
    expect(response.status, body.slice(0, 300)).toBe(303);
    expect(changedParts(before, after)).toEqual(["enquiries", "mail"]);
    const message = await db
      .selectFrom("outbox")
      .select(["subject", "replyTo", "html", "text"])
      .where("kind", "=", "enquiry")
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be there
    expect(message.subject).not.toMatch(/[\u0000-\u001f\u007f]/);
    if (c.subject !== undefined) expect(message.subject).toBe(c.subject);
    expect([null, form.email]).toContain(message.replyTo);
    expect(message.html).not.toMatch(/<(script|img|iframe|svg|a )/i);
    expect(message.html.match(/<a /g) ?? []).toHaveLength(0);
    return "inert";
  }

  async function runCacheProbe(c: Extract<CorpusCase, { kind: "cache-probe" }>): Promise<Outcome> {
    const session = `wm.session_token=${author.cookies.get("wm.session_token")}`;
    const path = await fillPlaceholders(c.path);
    // Enough times for every thread to have seen it (decision 011).
    for (let i = 0; i < 4; i++) {
      const probe = await rawRequest(server.url, {
        method: "GET",
        path,
        headers: { cookie: c.cookie.replace("{session}", session), "accept-encoding": "br, gzip" },
      });
      expect(probe.status).toBeLessThan(500);
    }
    for (const address of [path, await fillPlaceholders(c.plainPath)]) {
      for (let i = 0; i < 4; i++) {
        const page = await rawRequest(server.url, { method: "GET", path: address });
        expect(page.body, `a visitor's ${address}`).not.toContain(authorEmail);
      }
    }
    return "inert";
  }

  async function runAccount(c: Extract<CorpusCase, { kind: "account" }>): Promise<Outcome> {
    const form: Record<string, string> = {
      email: c.route === "login" ? authorEmail : `person${++accounts}@example.com`,
      password,
    };
    for (const [name, value] of Object.entries(c.fields))
      form[name] = expand(value).replace("$account", authorEmail);
    const before = await state();
    const visitor = new Visitor(server.url);
    const response = await visitor.post(`/${c.route}`, form);
    const body = await response.text();
    const after = await state();
    if (c.expect === "accepted") {
      expect(response.status, body.slice(0, 300)).toBe(303);
      expect(changedParts(before, after)).toEqual(["users"]);
      expect((await visitor.logIn(form.email as string, form.password as string)).status).toBe(303);
      // The email shows in the user menu of every page.
      pagesToCheck.push({ path: "/dashboard", visitor, caseId: c.id });
      return "inert";
    }
    expectRefusal(c.expect, response.status, body, response.headers.get("location") ?? undefined);
    if (response.status === 303) {
      // A log-in that went through with its hostile part (where to go next) neutralised.
      expect(changedParts(before, after)).toEqual(["sessions"]);
      return "inert";
    }
    expectUnchanged(before, after);
    return "refused";
  }

  async function runRequest(c: Extract<CorpusCase, { kind: "request" }>): Promise<Outcome> {
    const path = await fillPlaceholders(c.path);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(c.headers ?? {}))
      headers[name] = await fillPlaceholders(value);
    if (c.as === "author") headers.cookie = author.cookieHeader;
    const template = c.body === undefined ? undefined : expand(c.body);
    // A form that carries the token sends its cookie too, so the attack reaches the form's code.
    if (template?.includes("{formToken}")) headers.cookie = `wm_form=${formToken}`;
    const body = template === undefined ? undefined : await fillPlaceholders(template);
    const before = await state();
    const response = await rawRequest(server.url, {
      method: c.method,
      path,
      headers,
      body,
      declaredLength: c.declaredLength,
    });
    const location = response.headers.location;
    expectRefusal(
      c.expect,
      response.status,
      response.body,
      typeof location === "string" ? location : undefined,
    );
    expectUnchanged(before, await state());
    if (c.render) {
      pagesToCheck.push({ path, visitor: c.as === "author" ? author : undefined, caseId: c.id });
      return "inert";
    }
    // Redirects count as refusals only where the case names where they go (to log in).
    expect(response.status).toBeGreaterThanOrEqual(c.expect.location === undefined ? 400 : 300);
    expect(response.status).toBeLessThan(500);
    return "refused";
  }

  async function runUpload(c: Extract<CorpusCase, { kind: "upload" }>): Promise<Outcome> {
    const file = await makeHostileFile(c.file);
    const before = await state();
    const outcome = await tusUpload(server.url, file, {
      cookie: author.cookieHeader,
      name: c.filename === undefined ? "photo.jpg" : expand(c.filename),
      type: c.filetype ?? "image/jpeg",
    });
    if (c.expect !== "accepted") {
      expectRefusal(c.expect, outcome.status ?? 0, outcome.message ?? "");
      expectUnchanged(before, await state());
      return "refused";
    }
    expect(outcome.status, outcome.message).toBeUndefined();
    const image = await db
      .selectFrom("images")
      .selectAll()
      .where("id", "=", outcome.id as string)
      .executeTakeFirstOrThrow();
    // Only re-encoded pixels are kept: every variant is a plain image without the payload.
    for (const width of widthsFor(image.width)) {
      for (const extension of ["avif", "webp", image.fallback === "png" ? "png" : "jpg"]) {
        const response = await fetch(`${server.url}/images/${image.id}/${width}.${extension}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^image\/(avif|webp|jpeg|png)$/);
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        const bytes = Buffer.from(await response.arrayBuffer());
        if (c.marker) expect(bytes.includes(c.marker)).toBe(false);
        expect((await sharp(bytes).metadata()).width).toBe(width);
      }
    }
    return "inert";
  }

  beforeAll(async () => {
    // Hundreds of log-ins and posts from one address and one author: the limits would answer them.
    // A real enquiry address: a placeholder one keeps enquiries from being sent (SPEC §13).
    server = await startServer({ RATE_LIMITS: "off", ENQUIRY_TO: "leasing@woollahra-moncur.com.au" });
    db = serverDatabase(server);
    authorEmail = "author@example.com";
    author = await signedUp(server.url, authorEmail);
    cover = (await tusUpload(server.url, await photoJpeg(900, 600), { cookie: author.cookieHeader }))
      .id as string;
    targetSlug = await published(author, validPost());
    formToken = await new Visitor(server.url).formToken("/login");
  });

  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await (await limited)?.stop();
    const categories = [...new Set(corpus.map((c) => c.category))];
    const count = (category: string, outcome: Outcome) =>
      corpus.filter((c) => c.category === category && outcomes.get(c.id) === outcome).length;
    const rows = categories.map((category) => [
      category,
      String(corpus.filter((c) => c.category === category).length),
      String(count(category, "refused")),
      String(count(category, "inert")),
      String(
        corpus.filter((c) => c.category === category && !outcomes.has(c.id)).length +
          count(category, "failed"),
      ),
    ]);
    const total = (column: number) => String(rows.reduce((sum, row) => sum + Number(row[column]), 0));
    rows.push(["total", total(1), total(2), total(3), total(4)]);
    console.log(
      `\nHostile-input corpus\n${formatTable(["category", "cases", "refused (4xx)", "inert render", "failed"], rows)}\n`,
    );
  });

  for (const c of corpus) {
    it(c.id, async () => {
      outcomes.set(c.id, "failed");
      outcomes.set(c.id, await run(c));
    });
  }

  /** Loads every page that shows accepted hostile input, each as the visitor who would see it. */
  async function checkInChromium(browser: Browser, targets: PageToCheck[]): Promise<string[]> {
    const found: string[] = [];
    const pages = new Map<Visitor | undefined, Page>();
    for (const target of targets) {
      let page = pages.get(target.visitor);
      if (!page) {
        page = await (await contextAs(browser, target.visitor)).newPage();
        pages.set(target.visitor, page);
      }
      const problems = await inertnessProblems(page, `${server.url}${target.path}`);
      if (problems.length > 0) {
        outcomes.set(target.caseId, "failed");
        found.push(`${target.caseId} at ${target.path}: ${problems.join("; ")}`);
      }
    }
    return found;
  }

  it.skipIf(!chromiumPath)(
    "renders everything accepted inert in Chromium: no dialog, handler, script URL or foreign script",
    async () => {
      const { count } = await db
        .selectFrom("posts")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const listings: PageToCheck[] = [{ path: "/dashboard", visitor: author, caseId: "listings" }];
      for (let page = 1; page <= Math.ceil(Number(count) / 12); page++) {
        listings.push({ path: page === 1 ? "/home" : `/home?page=${page}`, caseId: "listings" });
      }
      const browser = await launchBrowser();
      try {
        expect(await checkInChromium(browser, [...pagesToCheck, ...listings])).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  it("keeps every page and feed answering, and logs no server error", async () => {
    // Errors of the server's own making, not refusals that happen to be logged.
    const serverErrors = server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line) && !/"status":4\d\d/.test(line));
    expect(serverErrors).toEqual([]);
    for (const path of ["/home", "/rss.xml", "/sitemap.xml", "/healthz", `/blog/${targetSlug}`]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
    expect((await author.get("/dashboard")).status).toBe(200);
  });
});
