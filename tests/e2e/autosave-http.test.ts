import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { publish, signedUp, uploadCover } from "../support/author.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/** The editor's own saving over HTTP to the built server, with the site's limits on: who, what, how often. */
describe.each(serverDialects)("autosave over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let dispose: () => Promise<void>;
  let db: Db;
  let author: Visitor;
  let slug: string;
  let basedOn: string;

  beforeAll(async () => {
    const prepared = await dialect.prepare();
    dispose = prepared.dispose;
    server = await startServer(prepared.env);
    db = serverDatabase(server, prepared.env);
    author = await signedUp(server.url, "author@example.com");
    const title = `The corner shop ${randomBytes(3).toString("hex")}`;
    await publish(author, { title, content: "Open since 1921.", coverImageId: await uploadCover(author) });
    const row = await db
      .selectFrom("posts")
      .select(["slug", "savedAt"])
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    slug = row.slug;
    basedOn = String(row.savedAt);
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await dispose?.();
  });

  const work = (content: string) => ({ title: "The corner shop", content, intent: "draft", basedOn });

  it("is the author's or an owner's: another author is refused, a visitor sent to log in, nothing kept", async () => {
    const stranger = await signedUp(server.url, "stranger@example.com");
    expect((await stranger.post(`/edit-post/${slug}/autosave`, work("Mine now"))).status).toBe(403);
    expect((await stranger.post(`/edit-post/${slug}/autosave?discard`, { pendingAt: "1" })).status).toBe(403);
    const anonymous = await new Visitor(server.url).post(`/edit-post/${slug}/autosave`, work("Anyone"));
    expect([anonymous.status, anonymous.headers.get("location")?.startsWith("/login")]).toEqual([302, true]);
    expect((await new Visitor(server.url).post("/create-post/autosave", work("Anyone"))).status).toBe(302);
    // Another's post named as the new post's autosaved draft: the manual save is refused too.
    const hijack = await stranger.post("/create-post", {
      submissionId: randomBytes(16).toString("hex"),
      slug,
      basedOn,
      title: "Mine now",
      content: "Mine now",
      intent: "draft",
    });
    expect(hijack.status).toBe(403);
    expect(await db.selectFrom("postRevisions").select("kind").where("slug", "=", slug).execute()).toEqual([
      { kind: "save" },
    ]);
    expect(
      (await db.selectFrom("posts").select("content").where("slug", "=", slug).executeTakeFirst())?.content,
    ).toBe("Open since 1921.");
  });

  it("refuses a form it cannot save with a message, and saves nothing", async () => {
    for (const form of [
      { ...work("No title"), title: "" },
      { ...work("No version"), basedOn: "" },
      { ...work("Publishing"), intent: "publish" },
    ]) {
      const response = await author.post(`/edit-post/${slug}/autosave`, form);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        saved: false,
        error: "Not saved automatically: fix the fields marked above, or Save draft to see why.",
      });
    }
    expect(await db.selectFrom("postRevisions").select("kind").where("slug", "=", slug).execute()).toEqual([
      { kind: "save" },
    ]);
  });

  it("saves a new post's autosaved draft when its form is sent: one post, published, the form again for the next", async () => {
    const submissionId = randomBytes(16).toString("hex");
    const title = `Spring on Moncur Street ${randomBytes(3).toString("hex")}`;
    const autosaved = await author.post("/create-post/autosave", {
      submissionId,
      title,
      content: "The wisteria",
      intent: "draft",
    });
    expect(autosaved.status).toBe(200);
    const draft = await autosaved.json();
    expect(draft).toMatchObject({ saved: true, pendingAt: null });
    const published = await author.post("/create-post", {
      submissionId,
      slug: draft.slug,
      basedOn: String(draft.basedOn),
      title,
      content: "The wisteria is out.",
      coverImageId: await uploadCover(author),
    });
    expect([published.status, published.headers.get("location")]).toEqual([303, "/create-post"]);
    expect(
      await db.selectFrom("posts").select(["slug", "status", "content"]).where("title", "=", title).execute(),
    ).toEqual([{ slug: draft.slug, status: "published", content: "The wisteria is out." }]);
  });

  it("shows a save from a stale page both versions (409), saving nothing", async () => {
    const stale = await author.post(`/edit-post/${slug}`, {
      title: "The corner shop",
      content: "From a page opened long ago",
      coverImageId: String(
        (await db.selectFrom("posts").select("coverImageId").where("slug", "=", slug).executeTakeFirst())
          ?.coverImageId,
      ),
      basedOn: String(Number(basedOn) - 1),
    });
    expect(stale.status).toBe(409);
    const text = visibleText(await stale.text());
    expect(text).toContain("This post was saved elsewhere (another tab or person) since you opened it");
    expect(text).toContain("This post changed elsewhere");
    expect(text).toContain("Their version");
    expect(text).toContain("Open since 1921.");
    expect(text).toContain("Send the form again to keep yours.");
    expect(
      (await db.selectFrom("posts").select("content").where("slug", "=", slug).executeTakeFirst())?.content,
    ).toBe("Open since 1921.");
  });

  it("answers what it kept, and stops at 120 in ten minutes with the wait", async () => {
    const first = await author.post(`/edit-post/${slug}/autosave`, work("Kept aside"));
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const kept = await first.json();
    expect(kept).toMatchObject({ saved: true, slug, basedOn: Number(basedOn) });
    let pendingAt = String(kept.pendingAt);
    // The other tests' refused requests counted too: the limit counts every request admitted to it.
    let status = 200;
    let answered = 1;
    while (status === 200 && answered < 200) {
      const response = await author.post(`/edit-post/${slug}/autosave`, {
        ...work(`Take ${answered}`),
        pendingAt,
      });
      status = response.status;
      const body = await response.json();
      if (status === 200) pendingAt = String(body.pendingAt);
      else
        expect(body.error).toMatch(
          /^Not saved automatically: too many saves in a few minutes\. It tries again in \d+ seconds; Save draft or Publish saves now\.$/,
        );
      answered++;
    }
    expect(status).toBe(429);
    expect(answered).toBeLessThanOrEqual(121);
    // Still one pending autosave, and the post as it was.
    const rows = await db.selectFrom("postRevisions").select("kind").where("slug", "=", slug).execute();
    expect(rows).toEqual([{ kind: "save" }, { kind: "autosave" }]);
  });
});
