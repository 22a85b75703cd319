import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { enqueue } from "~/.server/mail/outbox.ts";
import { sendEnquiry } from "~/.server/site/enquiries.ts";
import { password, publish, signedIn, signedUp, uploadCover } from "../support/author.ts";
import { makeOwner, managePages, ownerCommand } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/** The owner's site over HTTP (SPEC §6, §10): roles, moderation, settings, accounts, bylines. */
describe.each(serverDialects)("owners and accounts over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let db: Db;
  let owner: Visitor;
  let counter = 0;
  const email = (name: string) => `${name}${++counter}.${dialect.name}@example.com`;
  const visitor = () => new Visitor(server.url);

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    server = await startServer({ ...env, RATE_LIMITS: "off" });
    db = serverDatabase(server, env);
    owner = await signedUp(server.url, "owner@example.com");
    await makeOwner(db, "owner@example.com");
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await dispose?.();
  });

  /** A new author, signed in, with one published post; returns its slug. */
  async function authorWithPost(title = `A walk down Moncur Street ${randomBytes(3).toString("hex")}`) {
    const address = email("author");
    const author = await signedUp(server.url, address);
    const response = await publish(author, {
      title,
      content: "Past the old shops.",
      coverImageId: await uploadCover(author),
    });
    expect(response.status).toBe(303);
    const { slug } = await db
      .selectFrom("posts")
      .select("slug")
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    return { author, address, slug, title };
  }

  async function userId(address: string): Promise<string> {
    const { rows } = await sql<{ id: string }>`select id from "user" where email = ${address}`.execute(db);
    return rows[0]?.id ?? "";
  }

  const bodyOf = async (response: Response) => visibleText(await response.text());

  it("npm run owner adds, lists and removes owners, and never removes the last one", async () => {
    const address = email("cli");
    await signedUp(server.url, address);
    const dataEnv = { DATA_DIR: server.dataDir, ...env };
    expect((await ownerCommand(dataEnv, "add", address)).stdout).toContain(`${address} is an owner.`);
    const listed = await ownerCommand(dataEnv, "list");
    expect(listed.stdout).toContain(address);
    expect(listed.stdout).toContain("owner@example.com");
    expect((await ownerCommand(dataEnv, "remove", address)).stdout).toContain(
      `${address} is no longer an owner.`,
    );
    const last = await ownerCommand(dataEnv, "remove", "owner@example.com");
    expect(last.code).toBe(1);
    expect(last.stderr.trim()).toBe(
      "owner: The site must always have an owner: make someone else an owner first.",
    );
  });

  it("opens the manage pages to owners only: visitors log in, authors get 403", async () => {
    const author = await signedUp(server.url, email("reader"));
    for (const path of managePages) {
      expect((await visitor().get(path)).headers.get("location")).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
      const refused = await author.get(path);
      expect(refused.status).toBe(403);
      expect(await bodyOf(refused)).toContain("Only the site's owners can open the manage area.");
      const page = await owner.get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cache-control")).toContain("no-store");
    }
    for (const path of [
      "/manage/activity?page=2",
      "/manage/enquiries?page=0",
      "/manage/enquiries?status=deleted",
      "/manage/outbox?page=x",
    ])
      expect((await owner.get(path)).status, path).toBe(404);
    expect(
      (await author.post("/manage/settings", { registration: "closed", publishing: "review" })).status,
    ).toBe(403);
    expect((await db.selectFrom("siteSettings").selectAll().executeTakeFirstOrThrow()).registration).toBe(
      "open",
    );
  });

  it("hides a post from the public everywhere, keeps it for its author marked, and shows it again", async () => {
    const { author, slug, title } = await authorWithPost();
    const hidden = await owner.post("/manage/posts", { intent: "hide", slug });
    expect(hidden.status).toBe(200);
    expect(await bodyOf(hidden)).toContain("Post hidden");
    expect((await visitor().get(`/blog/${slug}`)).status).toBe(404);
    for (const path of ["/home", "/rss.xml", "/sitemap.xml"]) {
      expect(await (await visitor().get(path)).text(), path).not.toContain(slug);
    }
    const own = await author.get(`/blog/${slug}`);
    expect(own.status).toBe(200);
    expect(await bodyOf(own)).toContain("Hidden by the site's owners");
    expect(own.headers.get("cache-control")).toContain("no-store");
    expect(await bodyOf(await owner.get("/manage/posts"))).toMatch(new RegExp(`${title}.*Hidden`));
    expect(await bodyOf(await owner.get("/manage/activity"))).toContain(`hid post ${title}`);

    expect((await owner.post("/manage/posts", { intent: "show", slug })).status).toBe(200);
    expect((await visitor().get(`/blog/${slug}`)).status).toBe(200);
    expect(await (await visitor().get("/home")).text()).toContain(slug);
  });

  it("lists enquiries newest first by status, marks them (logged), replies by mailto and exports CSV", async () => {
    const tag = randomBytes(3).toString("hex");
    const hostile = {
      name: `<img src=x onerror=alert(1)> Mallory ${tag}`,
      email: `mallory.${tag}@example.com`,
      company: '=HYPERLINK("https://evil.example")',
      message: `Visit https://evil.example/${tag} or <a href="https://evil.example">here</a>.\nSecond line.`,
    };
    const first = await sendEnquiry(db, "203.0.113.7", hostile, "leasing@example.com", Date.now() - 60_000);
    const second = await sendEnquiry(
      db,
      "203.0.113.7",
      {
        name: `Quiet Tenant ${tag}`,
        email: `quiet.${tag}@example.com`,
        phone: "02 5550 0199",
        message: "A small office?",
      },
      "leasing@example.com",
    );
    if (!first.ok || !second.ok) throw new Error("the enquiries were not stored");

    const page = await owner.get("/manage/enquiries");
    const html = await page.text();
    const text = visibleText(html);
    expect(text.indexOf(`Quiet Tenant ${tag}`)).toBeLessThan(text.indexOf(`Mallory ${tag}`));
    expect(text).toContain("02 5550 0199");
    // Hostile text is shown as text: no markup of its own, no live link.
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toMatch(/<a[^>]+href="https:\/\/evil\.example/);
    expect(text).toContain(`Visit https://evil.example/${tag}`);
    expect(html).toContain(`href="mailto:quiet.${tag}@example.com?subject=Re%3A%20your%20enquiry%20to%20`);

    const marked = await owner.post("/manage/enquiries", { id: first.id, status: "answered" });
    expect(marked.status).toBe(200);
    expect(await bodyOf(marked)).toContain("Enquiry marked answered");
    const answered = await bodyOf(await owner.get("/manage/enquiries?status=answered"));
    expect(answered).toContain(`Mallory ${tag}`);
    expect(answered).not.toContain(`Quiet Tenant ${tag}`);
    expect(await bodyOf(await owner.get("/manage/enquiries?status=new"))).not.toContain(`Mallory ${tag}`);
    expect(await bodyOf(await owner.get("/manage/activity"))).toContain(
      `marked enquiry answered ${hostile.name} <${hostile.email}>`,
    );

    const missing = await owner.post("/manage/enquiries", { id: "no-such-enquiry", status: "archived" });
    expect(missing.status).toBe(404);
    expect(await bodyOf(missing)).toContain("There is no such enquiry.");
    expect((await owner.post("/manage/enquiries", { id: first.id, status: "deleted" })).status).toBe(400);
    expect(
      (await owner.post("/manage/enquiries", { id: first.id, status: "new", csrf: "forged" })).status,
    ).toBe(403);
    expect(
      (
        await owner.post(
          "/manage/enquiries",
          { id: first.id, status: "new" },
          { origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
    const author = await signedUp(server.url, email("nosy"));
    expect((await author.post("/manage/enquiries", { id: first.id, status: "archived" })).status).toBe(403);
    const row = await db
      .selectFrom("enquiries")
      .select("status")
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("answered");

    const csv = await owner.get("/manage/enquiries.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      'attachment; filename="woollahra-moncur-enquiries.csv"',
    );
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const body = await csv.text();
    expect(body).toContain(`"answered","<img src=x onerror=alert(1)> Mallory ${tag}"`);
    expect(body).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
  });

  it("keeps a hostile address to one recipient in the Reply link", async () => {
    const tag = randomBytes(3).toString("hex");
    const sent = await sendEnquiry(
      db,
      "203.0.113.8",
      { name: `Header ${tag}`, email: `x.${tag}@example.com`, message: "Hello" },
      "leasing@example.com",
    );
    if (!sent.ok) throw new Error("the enquiry was not stored");
    // The schema refuses such an address at the form; one stored by any other way stays inert.
    await db
      .updateTable("enquiries")
      .set({ email: `x.${tag}@example.com?bcc=all@evil.example&body=hi` })
      .where("id", "=", sent.id)
      .execute();
    const html = await (await owner.get("/manage/enquiries")).text();
    expect(html).toContain(`href="mailto:x.${tag}@example.com%3Fbcc%3Dall@evil.example%26body%3Dhi?subject=`);
  });

  it("shows the outbox newest first, each message's text readable and its links not live", async () => {
    const tag = randomBytes(3).toString("hex");
    const link = `http://127.0.0.1/reset-password/${tag}-token`;
    await enqueue(db, {
      kind: "password-reset",
      to: `forgetful.${tag}@example.com`,
      subject: `Reset your password <b>${tag}</b>`,
      text: `Open this link to choose a new password:\n${link}\n`,
      html: `<p><a href="${link}">Choose a new password</a></p>`,
    });
    const html = await (await owner.get("/manage/outbox")).text();
    const text = visibleText(html);
    expect(text).toContain(`password-reset forgetful.${tag}@example.com Reset your password <b>${tag}</b>`);
    expect(text).toContain(link);
    expect(text).toMatch(/Waiting Attempts: \d+ Next attempt: /);
    expect(html).not.toContain(`href="${link}"`);
    expect(html).not.toContain(`<b>${tag}</b>`);
  });

  it("refuses unreadable and cross-site manage actions, changing nothing", async () => {
    const { slug } = await authorWithPost();
    expect((await owner.post("/manage/posts", { intent: "explode", slug })).status).toBe(400);
    expect((await owner.post("/manage/posts", { intent: "hide", slug: "no-such-post" })).status).toBe(409);
    const noToken = await owner.post("/manage/posts", { intent: "hide", slug, csrf: "forged" });
    expect(noToken.status).toBe(403);
    const crossSite = await owner.post(
      "/manage/posts",
      { intent: "hide", slug },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect((await visitor().get(`/blog/${slug}`)).status).toBe(200);
  });

  it("deletes a post after asking, releasing its cover", async () => {
    const { slug, title } = await authorWithPost();
    const ask = await owner.get(`/manage/posts/${slug}/delete`);
    expect(await bodyOf(ask)).toMatch(new RegExp(`${title}\\W+will be removed from the blog for good`));
    const deleted = await owner.post(`/manage/posts/${slug}/delete`, {});
    expect([deleted.status, deleted.headers.get("location")]).toEqual([303, "/manage/posts"]);
    expect((await visitor().get(`/blog/${slug}`)).status).toBe(404);
    expect((await owner.get(`/manage/posts/${slug}/delete`)).status).toBe(404);
  });

  it("suspends a user: signed out at once, refused at sign-in, posts hidden until restored", async () => {
    const { author, address, slug } = await authorWithPost();
    const id = await userId(address);
    expect((await owner.post("/manage/users", { intent: "suspend", userId: id })).status).toBe(200);
    expect((await author.get("/dashboard")).status).toBe(302);
    const again = await new Visitor(server.url).logIn(address, password);
    expect(again.status).toBe(403);
    expect(await bodyOf(again)).toContain("This account is suspended");
    const wrongPassword = await new Visitor(server.url).logIn(address, "not-the-password");
    expect(await bodyOf(wrongPassword)).toContain("Invalid email or password");
    expect((await visitor().get(`/blog/${slug}`)).status).toBe(404);
    expect(await (await visitor().get("/home")).text()).not.toContain(slug);

    expect((await owner.post("/manage/users", { intent: "restore", userId: id })).status).toBe(200);
    expect((await visitor().get(`/blog/${slug}`)).status).toBe(200);
    expect((await signedIn(server.url, address)).cookies.size).toBeGreaterThan(0);
  });

  it("never leaves the site without an owner, even when two owners demote each other at once", async () => {
    const ownerId = await userId("owner@example.com");
    const self = await owner.post("/manage/users", { intent: "suspend", userId: ownerId });
    expect(self.status).toBe(409);
    expect((await owner.post("/manage/users", { intent: "remove-owner", userId: ownerId })).status).toBe(409);
    expect((await owner.post(`/manage/users/${ownerId}/delete`, {})).status).toBe(409);

    const [first, second] = [email("first"), email("second")];
    const a = await signedUp(server.url, first);
    const b = await signedUp(server.url, second);
    await makeOwner(db, first);
    await makeOwner(db, second);
    // The original owner steps aside through another owner, leaving exactly these two.
    expect((await a.post("/manage/users", { intent: "remove-owner", userId: ownerId })).status).toBe(200);
    const [aId, bId] = [await userId(first), await userId(second)];
    const results = await Promise.all([
      a.post("/manage/users", { intent: "remove-owner", userId: bId }),
      b.post("/manage/users", { intent: "remove-owner", userId: aId }),
    ]);
    // The loser is refused: either told the site needs an owner, or already no owner itself.
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = await db.selectFrom("members").select("userId").where("role", "=", "owner").execute();
    expect(owners).toHaveLength(1);
    // Hand the site back to the first owner for the tests that follow.
    const remaining = owners[0]?.userId === aId ? a : b;
    expect((await remaining.post("/manage/users", { intent: "make-owner", userId: ownerId })).status).toBe(
      200,
    );
  });

  it("holds authors' new posts for review while owners publish at once, and approves them", async () => {
    expect(
      (await owner.post("/manage/settings", { registration: "open", publishing: "review" })).status,
    ).toBe(200);
    try {
      const { author, slug, title } = await authorWithPost();
      const row = await db
        .selectFrom("posts")
        .select("status")
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("review");
      expect((await visitor().get(`/blog/${slug}`)).status).toBe(404);
      expect(await bodyOf(await author.get(`/blog/${slug}`))).toContain("Awaiting review");
      expect(await bodyOf(await owner.get("/manage/posts"))).toMatch(new RegExp(`${title}.*Awaiting review`));

      const ownTitle = `The owner's notice ${randomBytes(3).toString("hex")}`;
      await publish(owner, {
        title: ownTitle,
        content: "Lifts serviced on Friday.",
        coverImageId: await uploadCover(owner),
      });
      const ownRow = await db
        .selectFrom("posts")
        .select("status")
        .where("title", "=", ownTitle)
        .executeTakeFirstOrThrow();
      expect(ownRow.status).toBe("published");

      expect((await author.post("/manage/posts", { intent: "approve", slug })).status).toBe(403);
      expect((await owner.post("/manage/posts", { intent: "approve", slug })).status).toBe(200);
      expect((await visitor().get(`/blog/${slug}`)).status).toBe(200);
      expect((await owner.post("/manage/posts", { intent: "approve", slug })).status).toBe(409);
    } finally {
      await owner.post("/manage/settings", { registration: "open", publishing: "immediate" });
    }
  });

  it("holds an author's profile for review: nothing public changes until an owner approves it", async () => {
    expect(
      (await owner.post("/manage/settings", { registration: "open", publishing: "review" })).status,
    ).toBe(200);
    try {
      const author = await signedUp(server.url, email("poser"));
      const handle = `management-${counter}`;
      const saved = await author.post("/account", {
        intent: "profile",
        displayName: "Building Management",
        handle,
        bio: "Pay the rent into our new account.",
      });
      expect(saved.status).toBe(303);
      const account = await (await author.get("/account")).text();
      expect(visibleText(account)).toContain("The changes below have waited for an owner's approval since");
      expect(account).toContain('value="Building Management"');
      expect((await visitor().get(`/authors/${handle}`)).status).toBe(404);
      const users = await bodyOf(await owner.get("/manage/users"));
      expect(users).toContain("Waiting for approval: Name: Building Management");
      const authorId = (
        await db
          .selectFrom("members")
          .select("userId")
          .where("handle", "is", null)
          .where("pendingProfile", "like", `%${handle}%`)
          .executeTakeFirstOrThrow()
      ).userId;
      expect(
        (await author.post("/manage/users", { intent: "approve-profile", userId: authorId })).status,
      ).toBe(403);
      expect((await visitor().get(`/authors/${handle}`)).status).toBe(404);
      const approved = await owner.post("/manage/users", { intent: "approve-profile", userId: authorId });
      expect(approved.status).toBe(200);
      expect(await bodyOf(approved)).toContain("Profile approved");
      const page = await visitor().get(`/authors/${handle}`);
      expect(page.status).toBe(200);
      expect(await bodyOf(page)).toContain("Pay the rent into our new account.");
      expect((await owner.post("/manage/users", { intent: "reject-profile", userId: authorId })).status).toBe(
        409,
      );
    } finally {
      await owner.post("/manage/settings", { registration: "open", publishing: "immediate" });
    }
  });

  it("closes registration: the page says so, refuses, and the navbar drops Register", async () => {
    expect((await visitor().get("/")).status).toBe(200);
    expect(await (await visitor().get("/")).text()).toContain('href="/register"');
    expect(
      (await owner.post("/manage/settings", { registration: "closed", publishing: "immediate" })).status,
    ).toBe(200);
    try {
      const page = await visitor().get("/register");
      expect(await bodyOf(page)).toContain("Registration is closed");
      expect(await (await visitor().get("/")).text()).not.toContain('href="/register"');
      const address = email("late");
      const refused = await visitor().register(address, password);
      expect(refused.status).toBe(403);
      expect((await new Visitor(server.url).logIn(address, password)).status).toBe(401);
      // A signed-in reader gets the page visitors now share, with their own menu put in: once
      // it is cached, answered from it (no request id: before the application) — both times
      // without Register, and with their address.
      for (let i = 0; i < 2; i++) await visitor().get("/woollahra");
      await expect
        .poll(async () => (await owner.get("/woollahra")).headers.get("x-request-id"), { timeout: 3000 })
        .toBeNull();
      const reader = await (await owner.get("/woollahra")).text();
      expect(reader).toContain("owner@example.com");
      expect(reader).not.toContain('href="/register"');
      expect(reader).not.toContain('href="/login"');
    } finally {
      await owner.post("/manage/settings", { registration: "open", publishing: "immediate" });
    }
    expect(await bodyOf(await owner.get("/manage/activity"))).toContain("registration closed");
  });

  it("lets only owners edit posts with no author", async () => {
    const { slug } = await authorWithPost();
    await db.updateTable("posts").set({ userId: null }).where("slug", "=", slug).execute();
    const author = await signedUp(server.url, email("someone"));
    expect((await author.get(`/edit-post/${slug}`)).status).toBe(403);
    expect((await owner.get(`/edit-post/${slug}`)).status).toBe(200);
  });

  it("shows the byline and the author page; handles are unique and some are reserved", async () => {
    const { author, slug, title } = await authorWithPost();
    const handle = `writer-${counter}`;
    const saved = await author.post("/account", {
      intent: "profile",
      displayName: `</script><img src=x onerror=alert(1)> Mary "M" O'Brien`,
      handle,
      bio: "Writes about <b>the village</b>.",
    });
    expect(saved.status).toBe(303);
    const page = await (await visitor().get(`/blog/${slug}`)).text();
    expect(page).toContain(`href="/authors/${handle}"`);
    expect(page).not.toContain("<img src=x");
    const jsonLd = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1] as string))
      .find((data) => data["@type"] === "BlogPosting");
    expect(jsonLd.author).toEqual({
      "@type": "Person",
      name: `</script><img src=x onerror=alert(1)> Mary "M" O'Brien`,
      url: `${server.url}/authors/${handle}`,
    });
    const authorPage = await visitor().get(`/authors/${handle}`);
    expect(authorPage.status).toBe(200);
    const authorHtml = await authorPage.text();
    expect(authorHtml).toContain(title.replace(/'/g, "&#x27;"));
    expect(authorHtml).toContain("Writes about &lt;b&gt;the village&lt;/b&gt;.");
    expect(await (await owner.get("/manage/users")).text()).not.toContain("<img src=x");
    expect((await visitor().get(`/authors/${handle}?page=2`)).status).toBe(404);
    expect((await visitor().get("/authors/nobody-here")).status).toBe(404);

    const other = await signedUp(server.url, email("copycat"));
    const taken = await other.post("/account", { intent: "profile", displayName: "", handle, bio: "" });
    expect(taken.status).toBe(409);
    expect(await bodyOf(taken)).toContain("This handle is taken; choose another");
    const reserved = await other.post("/account", {
      intent: "profile",
      displayName: "",
      handle: "admin",
      bio: "",
    });
    expect(await bodyOf(reserved)).toContain("This handle is reserved; choose another");
    const badForm = await other.post("/account", {
      intent: "profile",
      displayName: "x".repeat(61),
      handle: "No Caps",
      bio: "",
    });
    expect(badForm.status).toBe(400);
    const text = await bodyOf(badForm);
    expect(text).toContain("Display name must not exceed 60 characters");
    expect(text).toContain("A handle is 3–30 lower-case letters, digits and single hyphens");
  });

  it("changes the password, signing out every other session", async () => {
    const address = email("changer");
    const here = await signedUp(server.url, address);
    const elsewhere = await signedIn(server.url, address);
    const wrong = await here.post("/account", {
      intent: "password",
      currentPassword: "wrong-one",
      password: "moreton-bay-fig-1",
    });
    expect(wrong.status).toBe(400);
    expect(await bodyOf(wrong)).toContain("Current password is incorrect");
    const common = await here.post("/account", {
      intent: "password",
      currentPassword: password,
      password: "password123",
    });
    expect(await bodyOf(common)).toContain("This password is too common; choose another");
    const changed = await here.post("/account", {
      intent: "password",
      currentPassword: password,
      password: "moreton-bay-fig-1",
    });
    expect(changed.status).toBe(303);
    expect((await here.get("/account")).status).toBe(200);
    expect((await elsewhere.get("/account")).status).toBe(302);
    expect((await new Visitor(server.url).logIn(address, "moreton-bay-fig-1")).status).toBe(303);
  });

  it("signs out everywhere", async () => {
    const address = email("leaver");
    const here = await signedUp(server.url, address);
    const elsewhere = await signedIn(server.url, address);
    const out = await here.post("/account", { intent: "sign-out-everywhere" });
    expect([out.status, out.headers.get("location")]).toEqual([303, "/login"]);
    expect((await elsewhere.get("/account")).status).toBe(302);
    expect((await here.get("/account")).status).toBe(302);
  });

  it("downloads the user's data as JSON without the password hash", async () => {
    const { author, slug } = await authorWithPost();
    const response = await author.get("/account/data");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const text = await response.text();
    expect(text).not.toMatch(/"password"|\$2|scrypt/i);
    const exported = JSON.parse(text);
    expect(exported.posts[0].slug).toBe(slug);
    expect(exported.posts[0].cover).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\//);
    expect((await visitor().get("/account/data")).status).toBe(302);
  });

  it("deletes an account with its posts after the password, and signs it out", async () => {
    const { author, address, slug } = await authorWithPost();
    expect(await bodyOf(await author.get("/account/delete"))).toContain("with 1 post and their images");
    const wrong = await author.post("/account/delete", { password: "not-mine-at-all" });
    expect([wrong.status, await bodyOf(wrong)]).toEqual([
      400,
      expect.stringContaining("Password is incorrect"),
    ]);
    const cover = await db
      .selectFrom("posts")
      .select("coverImageId")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    const gone = await author.post("/account/delete", { password });
    expect([gone.status, gone.headers.get("location")]).toEqual([303, "/"]);
    expect((await author.get("/account")).status).toBe(302);
    expect((await visitor().get(`/blog/${slug}`)).status).toBe(404);
    const image = await db
      .selectFrom("images")
      .select("releasedAt")
      .where("id", "=", cover.coverImageId)
      .executeTakeFirstOrThrow();
    expect(image.releasedAt).not.toBeNull();
    expect((await new Visitor(server.url).logIn(address, password)).status).toBe(401);
  });

  it("lets an owner delete a user with their posts, saying how many go", async () => {
    const { address, slug } = await authorWithPost();
    const id = await userId(address);
    expect(await bodyOf(await owner.get(`/manage/users/${id}/delete`))).toContain(
      `The account ${address} will be deleted for good, with 1 post`,
    );
    const deleted = await owner.post(`/manage/users/${id}/delete`, {});
    expect([deleted.status, deleted.headers.get("location")]).toEqual([303, "/manage/users"]);
    expect((await visitor().get(`/blog/${slug}`)).status).toBe(404);
    expect((await owner.get(`/manage/users/${id}/delete`)).status).toBe(404);
    expect(await bodyOf(await owner.get("/manage/activity"))).toContain(`deleted user ${address}`);
  });
});
