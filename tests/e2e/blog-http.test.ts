import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownSlugs, publish, signedUp, uploadCover } from "../support/author.ts";
import { contentChanged } from "../support/content-version.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

describe.each(serverDialects)("the blog over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let author: Visitor;
  let other: Visitor;

  const database = () => serverDatabase(server, env);

  const signedIn = (email: string) => signedUp(server.url, email);

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    // One author publishes in test after test, past the hour's 30 posts: throttles.test.ts tests the limit.
    server = await startServer({ ...env, RATE_LIMITS: "off" });
    author = await signedIn(`author.${dialect.name}@example.com`);
    other = await signedIn(`other.${dialect.name}@example.com`);
  });
  afterAll(async () => {
    await server?.stop();
    await dispose?.();
  });
  beforeEach(async () => {
    const db = database();
    await db.deleteFrom("posts").execute();
    await contentChanged(db, server.url);
    await db.destroy();
  });

  describe("signed-in pages", () => {
    it.each(["/create-post", "/dashboard", "/edit-post/any-1"])(
      "send visitors from %s to log in",
      async (page) => {
        const response = await new Visitor(server.url).get(page);
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(page)}`);
      },
    );

    it.each(["/create-post", "/edit-post/any-1", "/create-batch"])(
      "refuse a visitor's POST to %s and store nothing",
      async (page) => {
        const response = await new Visitor(server.url).post(page, {
          title: "x",
          content: "y",
          coverImageId: "z",
        });
        expect(response.status).toBe(302);
        const db = database();
        expect(await db.selectFrom("posts").selectAll().execute()).toEqual([]);
        await db.destroy();
      },
    );
  });

  describe("publishing", () => {
    it("saves a valid post, says Data saved successfully and shows it everywhere", async () => {
      const response = await publish(author, { title: "Hello   World! Café <Moncur>" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/create-post");
      const page = await (await author.get("/create-post")).text();
      expect(page).toMatch(/role="status"[\s\S]*Data saved successfully/);
      expect(page).not.toContain("Hello   World");

      const [slug] = await ownSlugs(author);
      expect(slug).toMatch(/^hello-world-café-moncur-\d{1,3}$/);
      const dashboard = visibleText(await (await author.get("/dashboard")).text());
      expect(dashboard).toMatch(/1 Posts Australia Country/);

      const home = await (await new Visitor(server.url).get("/home")).text();
      expect(visibleText(home)).toMatch(/Hello World! Café <Moncur> Published: \d{2}-\d{2}-\d{4} Read More/);
      expect(home).toContain(`href="/blog/${slug}"`);

      const post = await new Visitor(server.url).get(`/blog/${encodeURIComponent(slug as string)}`);
      expect(post.status).toBe(200);
      const html = await post.text();
      expect(html).toContain("<h2>Morning</h2>");
      expect(html).toContain("<strong>jacarandas</strong>");
      expect(html).toMatch(/<source type="image\/avif" srcSet="\/images\/[0-9a-f]+\/400\.avif 400w/);
      expect(html).toContain('"@type":"BlogPosting"');
      expect(html).toContain('<meta property="og:image" content="http://127.0.0.1');
    });

    it.each([
      [{ title: "x".repeat(201) }, "Title must not exceed 200 characters"],
      [{ title: "   " }, "Title is required"],
      [{ title: "" }, "Title is required"],
      [{ content: "" }, "Content is required"],
      [{ content: "y".repeat(3001) }, "Content must not exceed 3000 characters"],
      [{ coverImageId: "" }, "Cover image is required"],
    ])("refuses %o with its message, keeps what was typed, stores nothing", async (fields, message) => {
      const response = await publish(author, fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(visibleText(html)).toContain(message);
      if (!("title" in fields)) expect(html).toContain('value="A walk down Moncur Street"');
      expect(await ownSlugs(author)).toEqual([]);
    });

    it("accepts the limits exactly: a 200-character title and 3000 characters of content", async () => {
      expect((await publish(author, { title: "t".repeat(200), content: "c".repeat(3000) })).status).toBe(303);
      expect(await ownSlugs(author)).toHaveLength(1);
    });

    it("refuses a cover uploaded by someone else", async () => {
      const theirs = await uploadCover(other);
      const response = await publish(author, { coverImageId: theirs });
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(
        "This image is not available: upload the cover again.",
      );
      expect(await ownSlugs(author)).toEqual([]);
    });

    it("saves a double-submitted form once", async () => {
      const coverImageId = await uploadCover(author);
      const form = await (await author.get("/create-post")).text();
      const submissionId = form.match(/name="submissionId" value="([0-9a-f]+)"/)?.[1] as string;
      const [first, second] = await Promise.all([
        publish(author, { coverImageId, submissionId }),
        publish(author, { coverImageId, submissionId }),
      ]);
      expect([first.status, second.status]).toEqual([303, 303]);
      expect(await ownSlugs(author)).toHaveLength(1);
    });

    it("bumps the content version on every write", async () => {
      const db = database();
      const version = async () =>
        (await db.selectFrom("contentVersion").select("version").executeTakeFirstOrThrow()).version;
      const before = Number(await version());
      await publish(author);
      expect(Number(await version())).toBe(before + 1);
      await db.destroy();
    });

    it("renders hostile Markdown and titles inert", async () => {
      await publish(author, {
        title: '<script>alert("t")</script>',
        content: '<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n<img src=x onerror="alert(2)">',
      });
      const [slug] = await ownSlugs(author);
      const html = await (await new Visitor(server.url).get(`/blog/${slug}`)).text();
      const body = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      expect(body).not.toMatch(/<script|onerror=|href="javascript:/i);
      expect(body).toContain("&lt;script&gt;");
    });
  });

  describe("editing and deleting", () => {
    it("lets the author change title, content and cover; the slug and the date stay, the change is dated", async () => {
      await publish(author);
      const [slug] = await ownSlugs(author);
      const db = database();
      const before = await db.selectFrom("posts").selectAll().executeTakeFirstOrThrow();
      const newCover = await uploadCover(author);
      const response = await author.post(`/edit-post/${slug}`, {
        slug: "hijacked-slug-1",
        title: "A new title",
        content: "New words.",
        coverImageId: newCover,
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/dashboard");
      expect(await (await author.get("/dashboard")).text()).toMatch(
        /role="status"[\s\S]*Data saved successfully/,
      );
      const stored = await db.selectFrom("posts").selectAll().executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        slug,
        title: "A new title",
        content: "New words.",
        coverImageId: newCover,
      });
      expect(Number(stored.publishedOn)).toBe(Number(before.publishedOn));
      expect(Number(stored.updatedOn)).toBeGreaterThan(Date.now() - 60_000);
      await db.destroy();
    });

    it("shows the edit form with the slug read-only and the current values", async () => {
      await publish(author);
      const [slug] = await ownSlugs(author);
      const html = await (await author.get(`/edit-post/${slug}`)).text();
      expect(html).toMatch(
        new RegExp(
          `<input id="slug" readOnly="" [^>]*value="${slug}"|<input[^>]*value="${slug}"[^>]*readOnly`,
        ),
      );
      expect(html).toContain('value="A walk down Moncur Street"');
      expect(html).toContain("The <strong>jacarandas</strong> were out.");
    });

    it("refuses an unreadable edit form with 400 Bad Request, quietly, changing nothing", async () => {
      await publish(author);
      const [slug] = await ownSlugs(author);
      const response = await fetch(`${server.url}/edit-post/${slug}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: author.cookieHeader,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "title=One&title=Two&content=Words.&coverImageId=x",
      });
      expect(response.status).toBe(400);
      const text = visibleText(await response.text());
      expect(text).toContain("400 Bad Request");
      expect(text).toContain("The form could not be read. Please try again.");
      expect(server.output()).not.toContain("request failed");
      expect(visibleText(await (await new Visitor(server.url).get(`/blog/${slug}`)).text())).toContain(
        "A walk down Moncur Street",
      );
    });

    it("refuses an invalid edit with the same messages, keeps what was typed, changes nothing", async () => {
      await publish(author);
      const [slug] = await ownSlugs(author);
      const response = await author.post(`/edit-post/${slug}`, {
        title: " ",
        content: "y".repeat(3001),
        coverImageId: "",
      });
      expect(response.status).toBe(400);
      const text = visibleText(await response.text());
      for (const message of [
        "Title is required",
        "Content must not exceed 3000 characters",
        "Cover image is required",
      ]) {
        expect(text).toContain(message);
      }
      const post = visibleText(await (await new Visitor(server.url).get(`/blog/${slug}`)).text());
      expect(post).toContain("A walk down Moncur Street");
    });

    it("refuses another user with 403 and changes nothing", async () => {
      await publish(author);
      const [slug] = await ownSlugs(author);
      const page = await other.get(`/edit-post/${slug}`);
      expect(page.status).toBe(403);
      expect(visibleText(await page.text())).toContain(
        "Only the author of this post and the site's owners can change or delete it.",
      );
      const edit = await other.post(`/edit-post/${slug}`, {
        title: "Mine now",
        content: "x",
        coverImageId: await uploadCover(other),
      });
      expect(edit.status).toBe(403);
      const remove = await other.post(`/edit-post/${slug}?delete`, {});
      expect(remove.status).toBe(403);
      const post = visibleText(await (await new Visitor(server.url).get(`/blog/${slug}`)).text());
      expect(post).toContain("A walk down Moncur Street");
    });

    it("lets no author edit a post with no author: imported posts are the owners' (SPEC §6)", async () => {
      await publish(author);
      const db = database();
      await db.updateTable("posts").set({ userId: null }).execute();
      await contentChanged(db, server.url);
      await db.destroy();
      const slug = (await (await new Visitor(server.url).get("/home")).text()).match(
        /href="\/blog\/([^"]+)"/,
      )?.[1];
      const response = await other.post(`/edit-post/${slug}`, {
        title: "Adopted",
        content: "Still here.",
        coverImageId: await uploadCover(other),
      });
      expect(response.status).toBe(403);
    });

    it("asks before deleting, then deletes and goes to the dashboard", async () => {
      await publish(author);
      const [slug] = await ownSlugs(author);
      const confirm = visibleText(await (await author.get(`/edit-post/${slug}?delete`)).text());
      expect(confirm).toContain("Delete this post?");
      const response = await author.post(`/edit-post/${slug}?delete`, {});
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/dashboard");
      expect(await ownSlugs(author)).toEqual([]);
      const gone = await new Visitor(server.url).get(`/blog/${slug}`);
      expect(gone.status).toBe(404);
    });
  });

  describe("reading", () => {
    it.each(["/blog/no-such-post-1", "/blog/a%2Fb", "/blog/a'b", `/blog/${"x".repeat(300)}`])(
      "answers %s with 404 and the not-found texts",
      async (url) => {
        const response = await new Visitor(server.url).get(url);
        expect(response.status).toBe(404);
        const text = visibleText(await response.text());
        expect(text).toContain("Blog not found");
        expect(text).toContain("Sorry, we were unable to find a blog at this location");
      },
    );

    it("shows the Sydney date: a post saved at 23:30 UTC is dated the next day", async () => {
      await publish(author);
      const db = database();
      await db
        .updateTable("posts")
        .set({ publishedOn: Date.parse("2026-03-01T23:30:00Z") })
        .execute();
      await contentChanged(db, server.url);
      await db.destroy();
      const home = visibleText(await (await new Visitor(server.url).get("/home")).text());
      expect(home).toContain("Published: 02-03-2026");
    });

    it("pages twelve at a time, newest first; a page past the end is 404", async () => {
      const coverImageId = await uploadCover(author);
      const db = database();
      await db
        .insertInto("posts")
        .values(
          Array.from({ length: 13 }, (_, n) => ({
            slug: `post-${n}`,
            title: `Post number ${n}`,
            content: "Text",
            publishedOn: Date.UTC(2026, 0, 1 + n),
            coverImageId,
            userId: null,
          })),
        )
        .execute();
      await contentChanged(db, server.url);
      await db.destroy();
      const first = await (await new Visitor(server.url).get("/home")).text();
      expect((first.match(/Read More/g) ?? []).length).toBe(12);
      expect(visibleText(first)).toContain("Post number 12");
      expect(first).toContain('href="/home?page=2"');
      const second = await (await new Visitor(server.url).get("/home?page=2")).text();
      expect(visibleText(second)).toContain("Post number 0");
      expect((second.match(/Read More/g) ?? []).length).toBe(1);
      for (const page of ["3", "0", "-1", "abc", "1.5", "99999999999"]) {
        expect((await new Visitor(server.url).get(`/home?page=${page}`)).status, page).toBe(404);
      }
    });

    it("shows an empty blog as a 200 page inviting the reader back", async () => {
      const response = await new Visitor(server.url).get("/home");
      expect(response.status).toBe(200);
      expect(visibleText(await response.text())).toContain("No posts yet.");
    });
  });

  describe("Create Batch 2023", () => {
    it("writes the ten sample articles under the user with fresh slugs, every time", async () => {
      const response = await author.post("/create-batch", {});
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/dashboard");
      const dashboard = await (await author.get("/dashboard")).text();
      expect(dashboard).toMatch(/role="status"[\s\S]*Batch Finished Successfully/);
      const first = await ownSlugs(author);
      expect(first).toHaveLength(10);
      expect(
        first.filter((slug) => slug.startsWith("how-to-stay-productive-working-from-home-")),
      ).toHaveLength(2);
      await author.post("/create-batch", {});
      const second = await ownSlugs(author);
      expect(second).toHaveLength(20);
      expect(new Set(second).size).toBe(20);
      expect(await ownSlugs(other)).toEqual([]);
    });
  });
});
