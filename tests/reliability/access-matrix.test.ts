import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSuspended } from "~/.server/accounts/members.ts";
import type { Db } from "~/.server/db/database.ts";
import { sendEnquiry } from "~/.server/site/enquiries.ts";
import { password, signedUp } from "../support/author.ts";
import { photoJpeg } from "../support/images.ts";
import { makeOwner, managePages } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { tusUpload } from "../support/tus.ts";
import { Visitor, visibleText } from "../support/visitor.ts";
import { rawRequest } from "./support/raw-http.ts";
import { changedParts, type SiteState, siteState } from "./support/site-state.ts";
import { formatTable } from "./support/table.ts";

/**
 * Every signed-in page and every change the site accepts, tried by everyone who must not
 * make it: a visitor, another signed-in user, another site riding the author's cookie, and
 * cookies that are forged or expired. Each is refused the way the spec says and changes
 * nothing. The matrix is printed as a table.
 */

const actors = ["visitor", "other user", "cross-site", "forged session", "expired session"] as const;
type Actor = (typeof actors)[number];

/** What a cell must get; `changes` lists what may change because the actor acts on their own data. */
interface Expectation {
  status: number;
  location?: string;
  message?: string;
  changes?: (keyof SiteState)[];
  /** Shown in the table instead of the status, for cells that are allowed on the actor's own data. */
  label?: string;
}

interface Row {
  name: string;
  method: string;
  path: string;
  form?: Record<string, string>;
  tus?: Record<string, string>;
  expect: Record<Actor, Expectation>;
}

const toLogIn = (path: string): Expectation => ({
  status: 302,
  location: `/login?${new URLSearchParams({ redirectTo: path })}`,
});
const crossSiteRefusal: Expectation = {
  status: 403,
  message: "Forbidden: this form was sent from another site.",
};
/** A form sent without the anti-forgery token its page carries (see form-token.ts). */
const staleForm: Expectation = {
  status: 403,
  message: "This form has expired or was sent from somewhere else. Reload the page and try again.",
};
const noSuchPost: Expectation = {
  status: 404,
  message: "Sorry, we were unable to find a blog at this location",
};
const signInToUpload: Expectation = { status: 401, message: "Sign in to upload images." };
const notTheirUpload: Expectation = { status: 404, message: "Upload not found." };
const notTheirPost: Expectation = {
  status: 403,
  message: "Only the author of this post and the site's owners can change or delete it.",
};

/** A signed-in page: visitors and dead sessions go to log in; the author's own cookie may read it from anywhere. */
function signedInPage(path: string, other: Expectation): Record<Actor, Expectation> {
  return {
    visitor: toLogIn(path),
    "other user": other,
    "cross-site": { status: 200, label: "200 (own page)" },
    "forged session": toLogIn(path),
    "expired session": toLogIn(path),
  };
}

/** A change: like a signed-in page, but another site may not make it even with the author's cookie. */
function signedInChange(path: string, other: Expectation): Record<Actor, Expectation> {
  return { ...signedInPage(path, other), "cross-site": crossSiteRefusal };
}

/** A form for anyone, signed in or not, that this request may not use; another site never may. */
function everyoneRefused(refusal: Expectation): Record<Actor, Expectation> {
  return {
    visitor: refusal,
    "other user": refusal,
    "cross-site": crossSiteRefusal,
    "forged session": refusal,
    "expired session": refusal,
  };
}

function uploadEndpoint(other: Expectation, crossSite: Expectation): Record<Actor, Expectation> {
  return {
    visitor: signInToUpload,
    "other user": other,
    "cross-site": crossSite,
    "forged session": signInToUpload,
    "expired session": signInToUpload,
  };
}

/** The owner's and the account's routes are tried by these (issue 18). */
const ownerActors = [
  "visitor",
  "author",
  "another author",
  "suspended user",
  "cross-site",
  "expired session",
  "owner",
] as const;
type OwnerActor = (typeof ownerActors)[number];

interface OwnerRow {
  name: string;
  method: string;
  path: string;
  form?: Record<string, string>;
  expect: Record<OwnerActor, Expectation>;
}

const notAnOwner: Expectation = { status: 403, message: "Only the site's owners can open the manage area." };

/** A manage page or action: owners only; another site may read nothing and change nothing. */
function ownersOnly(path: string, owner: Expectation, method = "GET"): Record<OwnerActor, Expectation> {
  return {
    visitor: toLogIn(path),
    author: notAnOwner,
    "another author": notAnOwner,
    "suspended user": toLogIn(path),
    "cross-site": method === "GET" ? { status: 200, label: "200 (own page)" } : crossSiteRefusal,
    "expired session": toLogIn(path),
    owner,
  };
}

/** An account page or action: every signed-in user on their own account. */
function ownAccount(path: string, own: Expectation, method = "GET"): Record<OwnerActor, Expectation> {
  return {
    visitor: toLogIn(path),
    author: own,
    "another author": own,
    "suspended user": toLogIn(path),
    "cross-site": method === "GET" ? { status: 200, label: "200 (own page)" } : crossSiteRefusal,
    "expired session": toLogIn(path),
    owner: own,
  };
}

describe("access matrix", () => {
  let server: RunningServer;
  let db: Db;
  let author: Visitor;
  let other: Visitor;
  let expired: Visitor;
  let slug: string;
  let draftSlug: string;
  let cover: string;
  let upload: string;
  let owner: Visitor;
  let suspended: Visitor;
  let expiredOwner: Visitor;
  let targetId: string;
  let targetSlug: string;
  let enquiryId: string;
  const results = new Map<string, string>();
  const ownerResults = new Map<string, string>();

  const signedIn = (email: string) => signedUp(server.url, email);

  /** Moves a session's expiry into the past, stored the way better-auth stored it. */
  async function expireSession(token: string) {
    const { rows } = await sql<{
      expiresAt: unknown;
    }>`select "expiresAt" from "session" where token = ${token}`.execute(db);
    const stored = rows[0]?.expiresAt;
    const past = Date.now() - 60_000;
    const value =
      typeof stored === "number"
        ? past
        : typeof stored === "string"
          ? new Date(past).toISOString()
          : new Date(past);
    await sql`update "session" set "expiresAt" = ${value} where token = ${token}`.execute(db);
  }

  /** The cookie each actor sends, and the headers a browser on another site would add. */
  function headersOf(actor: Actor): Record<string, string> {
    switch (actor) {
      case "visitor":
        return {};
      case "other user":
        return { cookie: other.cookieHeader };
      case "cross-site":
        return {
          cookie: author.cookieHeader,
          origin: "https://evil.example",
          "sec-fetch-site": "cross-site",
        };
      case "forged session":
        return {
          cookie:
            "wm.session_token=Qx7rTn2LwYb0Vh5KcJm8Pd3sFg6Ae9Uz.bm90LWEtcmVhbC1zaWduYXR1cmUtYXQtYWxsLg%3D%3D",
        };
      case "expired session":
        return { cookie: expired.cookieHeader };
    }
  }

  async function uploadOffset(): Promise<string | undefined> {
    const response = await rawRequest(server.url, {
      method: "HEAD",
      path: `/api/uploads/${upload}`,
      headers: { cookie: author.cookieHeader, "tus-resumable": "1.0.0" },
    });
    return response.status === 200 ? String(response.headers["upload-offset"]) : undefined;
  }

  const rows = (): Row[] => {
    const post = `/edit-post/${slug}`;
    const stolenPost = { title: "Taken over", content: "Not theirs.", coverImageId: cover };
    return [
      {
        name: "GET /dashboard",
        method: "GET",
        path: "/dashboard",
        expect: signedInPage("/dashboard", { status: 200, label: "200 (own posts only)" }),
      },
      {
        name: "GET /create-post",
        method: "GET",
        path: "/create-post",
        expect: signedInPage("/create-post", { status: 200, label: "200 (own form)" }),
      },
      {
        // Without the token of the editor's page (decision 028); the cover is checked after it.
        name: "POST /create-post (author's cover)",
        method: "POST",
        path: "/create-post",
        form: stolenPost,
        expect: signedInChange("/create-post", staleForm),
      },
      { name: "GET /edit-post/:slug", method: "GET", path: post, expect: signedInPage(post, notTheirPost) },
      {
        name: "POST /edit-post/:slug",
        method: "POST",
        path: post,
        form: stolenPost,
        expect: signedInChange(post, notTheirPost),
      },
      {
        name: "POST /edit-post/:slug (Save draft)",
        method: "POST",
        path: post,
        form: { ...stolenPost, intent: "draft" },
        expect: signedInChange(post, notTheirPost),
      },
      {
        name: "POST /edit-post/:slug/autosave",
        method: "POST",
        path: `${post}/autosave`,
        form: { ...stolenPost, intent: "draft", basedOn: "1" },
        // A resource route: refused with the status alone (the editor reads it), no page.
        expect: signedInChange(`${post}/autosave`, { status: 403 }),
      },
      {
        name: "POST /edit-post/:slug/autosave?discard",
        method: "POST",
        path: `${post}/autosave?discard`,
        form: { pendingAt: "1" },
        expect: signedInChange(`${post}/autosave?discard`, { status: 403 }),
      },
      {
        name: "GET /edit-post/:slug/preview-link",
        method: "GET",
        path: `${post}/preview-link`,
        expect: signedInPage(`${post}/preview-link`, notTheirPost),
      },
      {
        name: "POST /edit-post/:slug/preview-link",
        method: "POST",
        path: `${post}/preview-link`,
        form: { intent: "make" },
        expect: signedInChange(`${post}/preview-link`, notTheirPost),
      },
      {
        name: "POST /create-post/autosave (no title)",
        method: "POST",
        path: "/create-post/autosave",
        form: { content: "A draft of nothing.", intent: "draft" },
        // Without the token of the editor's page (decision 028).
        expect: signedInChange("/create-post/autosave", staleForm),
      },
      {
        name: "GET /blog/:slug (a draft)",
        method: "GET",
        path: `/blog/${draftSlug}`,
        expect: {
          visitor: noSuchPost,
          "other user": noSuchPost,
          "cross-site": { status: 200, label: "200 (own draft)" },
          "forged session": noSuchPost,
          "expired session": noSuchPost,
        },
      },
      {
        name: "GET /edit-post/:slug?delete",
        method: "GET",
        path: `${post}?delete`,
        expect: signedInPage(`${post}?delete`, notTheirPost),
      },
      {
        name: "POST /edit-post/:slug?delete",
        method: "POST",
        path: `${post}?delete`,
        form: {},
        expect: signedInChange(`${post}?delete`, notTheirPost),
      },
      {
        name: "POST /edit-post/:slug/revisions (restore)",
        method: "POST",
        path: `${post}/revisions`,
        form: { revision: "1" },
        expect: signedInChange(`${post}/revisions`, notTheirPost),
      },
      {
        name: "POST /create-batch",
        method: "POST",
        path: "/create-batch",
        form: {},
        expect: signedInChange("/create-batch", staleForm),
      },
      {
        name: "POST /api/uploads (create)",
        method: "POST",
        path: "/api/uploads",
        tus: { "upload-length": "1000" },
        expect: uploadEndpoint(
          { status: 201, changes: ["uploads", "files"], label: "201 (own upload)" },
          crossSiteRefusal,
        ),
      },
      {
        name: "HEAD /api/uploads/:id (author's)",
        method: "HEAD",
        path: `/api/uploads/${upload}`,
        tus: {},
        expect: uploadEndpoint({ status: 404 }, { status: 200, label: "200 (own upload)" }),
      },
      {
        name: "PATCH /api/uploads/:id (author's)",
        method: "PATCH",
        path: `/api/uploads/${upload}`,
        tus: { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
        expect: uploadEndpoint(notTheirUpload, crossSiteRefusal),
      },
      {
        name: "DELETE /api/uploads/:id (author's)",
        method: "DELETE",
        path: `/api/uploads/${upload}`,
        tus: {},
        expect: uploadEndpoint(notTheirUpload, crossSiteRefusal),
      },
      {
        name: "GET /account/email",
        method: "GET",
        path: "/account/email",
        expect: signedInPage("/account/email", { status: 200, label: "200 (own address)" }),
      },
      {
        name: "POST /account/email",
        method: "POST",
        path: "/account/email",
        form: { email: "taken-over@example.com", password },
        expect: signedInChange("/account/email", staleForm),
      },
      {
        name: "POST /verify-email/resend",
        method: "POST",
        path: "/verify-email/resend",
        form: {},
        expect: signedInChange("/verify-email/resend", staleForm),
      },
      {
        name: "POST /forgot-password",
        method: "POST",
        path: "/forgot-password",
        form: { email: "author@example.com" },
        expect: everyoneRefused(staleForm),
      },
      {
        name: "POST /login/two-step",
        method: "POST",
        path: "/login/two-step",
        form: { code: "123456" },
        expect: everyoneRefused(staleForm),
      },
      {
        name: "POST /reset-password/:token (made up)",
        method: "POST",
        path: `/reset-password/${"A".repeat(43)}`,
        form: { password: "a-new-password-1" },
        expect: everyoneRefused(staleForm),
      },
      {
        name: "POST /account/email/confirm/:token (made up)",
        method: "POST",
        path: `/account/email/confirm/${"A".repeat(43)}`,
        form: {},
        expect: everyoneRefused(staleForm),
      },
      {
        // Anyone may send an enquiry; without the start stamp of a loaded form, none is kept.
        name: "POST /contact (no start stamp)",
        method: "POST",
        path: "/contact",
        form: { name: "Pat", email: "pat@example.com", message: "Hello" },
        expect: everyoneRefused({
          status: 400,
          label: "400 (no stamp)",
          message: "Please take a moment to check your enquiry, then send it again.",
        }),
      },
      {
        name: "POST /logout",
        method: "POST",
        path: "/logout",
        form: {},
        expect: {
          visitor: staleForm,
          "other user": staleForm,
          "cross-site": crossSiteRefusal,
          "forged session": staleForm,
          "expired session": staleForm,
        },
      },
      {
        name: "GET /logout",
        method: "GET",
        path: "/logout",
        expect: {
          visitor: { status: 302, location: "/login" },
          // Opening the address only asks: a link or an image anywhere must not end the session.
          "other user": { status: 200, label: "200 (asks)" },
          "cross-site": { status: 200, label: "200 (asks)" },
          "forged session": { status: 302, location: "/login" },
          "expired session": { status: 302, location: "/login" },
        },
      },
    ];
  };

  async function send(row: Row, actor: Actor) {
    const headers = headersOf(actor);
    if (row.form) {
      return rawRequest(server.url, {
        method: row.method,
        path: row.path,
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(row.form).toString(),
        // The batch processes ten cover images: slow on a busy machine.
        timeoutMs: 120_000,
      });
    }
    if (row.tus) {
      const body = row.method === "PATCH" ? "stolen bytes" : undefined;
      return rawRequest(server.url, {
        method: row.method,
        path: row.path,
        headers: { ...headers, "tus-resumable": "1.0.0", ...row.tus },
        body,
      });
    }
    return rawRequest(server.url, { method: row.method, path: row.path, headers });
  }

  beforeAll(async () => {
    // Every row comes from one address and one author, more often than the limits allow.
    server = await startServer({ RATE_LIMITS: "off" });
    db = serverDatabase(server);
    author = await signedIn("author@example.com");
    other = await signedIn("other@example.com");
    expired = new Visitor(server.url);
    expect((await expired.logIn("author@example.com", password)).status).toBe(303);
    const token = decodeURIComponent(expired.cookies.get("wm.session_token") ?? "").split(".")[0] as string;
    await expireSession(token);

    cover = (await tusUpload(server.url, await photoJpeg(900, 600), { cookie: author.cookieHeader }))
      .id as string;
    const created = await author.post("/create-post", {
      title: "The author's own post",
      content: "Only the author may change this.",
      coverImageId: cover,
    });
    expect(created.status).toBe(303);
    slug = (
      await db
        .selectFrom("posts")
        .select("slug")
        .where("title", "=", "The author's own post")
        .executeTakeFirstOrThrow()
    ).slug;
    const drafted = await author.post("/create-post", {
      title: "The author's own draft",
      content: "Only the author may change this.",
      coverImageId: cover,
      intent: "draft",
    });
    expect(drafted.status).toBe(303);
    draftSlug = String(drafted.headers.get("location")).replace("/edit-post/", "");
    const started = await rawRequest(server.url, {
      method: "POST",
      path: "/api/uploads",
      headers: { cookie: author.cookieHeader, "tus-resumable": "1.0.0", "upload-length": "1000" },
    });
    upload = String(started.headers.location).split("/").pop() as string;

    owner = await signedIn("owner@example.com");
    await makeOwner(db, "owner@example.com");
    suspended = await signedIn("suspended@example.com");
    const suspendedId = await userIdOf("suspended@example.com");
    await setSuspended(db, { id: "setup", email: "setup" }, suspendedId, true);
    expiredOwner = new Visitor(server.url);
    expect((await expiredOwner.logIn("owner@example.com", password)).status).toBe(303);
    await expireSession(
      decodeURIComponent(expiredOwner.cookies.get("wm.session_token") ?? "").split(".")[0] as string,
    );
    // The owner's changes act on this user and their post, so that nobody else's data moves.
    const target = await signedIn("target@example.com");
    const targetCover = (
      await tusUpload(server.url, await photoJpeg(900, 600), { cookie: target.cookieHeader })
    ).id as string;
    await target.post("/create-post", {
      title: "The target's post",
      content: "An owner may hide or delete this.",
      coverImageId: targetCover,
    });
    targetId = await userIdOf("target@example.com");
    targetSlug = (
      await db
        .selectFrom("posts")
        .select("slug")
        .where("title", "=", "The target's post")
        .executeTakeFirstOrThrow()
    ).slug;
    const enquiry = await sendEnquiry(
      db,
      "203.0.113.50",
      { name: "A prospective tenant", email: "tenant@example.com", message: "Is the top floor free?" },
      "leasing@example.com",
    );
    if (!enquiry.ok) throw new Error("the enquiry was not stored");
    enquiryId = enquiry.id;
  });

  async function userIdOf(email: string): Promise<string> {
    const { rows } = await sql<{ id: string }>`select id from "user" where email = ${email}`.execute(db);
    return rows[0]?.id as string;
  }

  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    const table = formatTable(
      ["route", ...actors],
      rows().map((row) => [
        row.name,
        ...actors.map((actor) => results.get(`${row.name} × ${actor}`) ?? "not run"),
      ]),
    );
    console.log(
      `\nAccess matrix (✓ refused or limited to the actor's own data as the spec says)\n${table}\n`,
    );
    const ownerTable = formatTable(
      ["route", ...ownerActors],
      ownerRows().map((row) => [
        row.name,
        ...ownerActors.map((actor) => ownerResults.get(`${row.name} × ${actor}`) ?? "not run"),
      ]),
    );
    console.log(`\nAccess matrix, owners and accounts\n${ownerTable}\n`);
  });

  it("has a row for every signed-in page and every change in the route table", () => {
    const covered = new Set(
      rows().map((row) => row.path.replace(slug, ":slug").replace(upload, ":id").split("?")[0]),
    );
    for (const path of [
      "/dashboard",
      "/create-post",
      "/edit-post/:slug",
      "/edit-post/:slug/revisions",
      "/edit-post/:slug/autosave",
      "/edit-post/:slug/preview-link",
      "/create-post/autosave",
      "/create-batch",
      "/logout",
      "/api/uploads",
      "/api/uploads/:id",
      "/account/email",
      "/verify-email/resend",
      "/forgot-password",
      "/login/two-step",
      "/contact",
    ]) {
      expect(covered).toContain(path);
    }
  });

  for (const actor of actors) {
    it(`refuses ${actor}`, async () => {
      const failures: string[] = [];
      for (const row of rows()) {
        const expected = row.expect[actor];
        // An expired session stays expired; reading it may remove it, which is no harm.
        const mayChange: (keyof SiteState)[] = [...(expected.changes ?? [])];
        if (actor === "expired session") mayChange.push("sessions");
        const before = await siteState(db, server.dataDir);
        const response = await send(row, actor);
        const after = await siteState(db, server.dataDir);
        const problems: string[] = [];
        if (response.status !== expected.status) problems.push(`status ${response.status}`);
        if (expected.location !== undefined && response.headers.location !== expected.location)
          problems.push(`location ${response.headers.location}`);
        if (
          expected.message &&
          row.method !== "HEAD" &&
          !visibleText(response.body).includes(expected.message)
        )
          problems.push(`no "${expected.message}"`);
        const changed = changedParts(before, after).filter((part) => !mayChange.includes(part));
        if (changed.length > 0) problems.push(`changed ${changed.join(", ")}`);
        if ((await author.get("/dashboard")).status !== 200) {
          problems.push("signed the author out");
          author = await signedIn("author@example.com");
        }
        if ((await uploadOffset()) !== "0") problems.push("the author's upload was touched");
        if (
          response.status === 200 &&
          actor === "other user" &&
          response.body.includes("Only the author may change this.")
        )
          problems.push("showed the author's post");
        const shown =
          expected.label ??
          `${response.status}${expected.location ? ` → ${expected.location.split("?")[0]}` : ""}`;
        results.set(
          `${row.name} × ${actor}`,
          problems.length === 0 ? `✓ ${shown}` : `✗ ${problems.join("; ")}`,
        );
        if (problems.length > 0) failures.push(`${row.name}: ${problems.join("; ")}`);
      }
      expect(failures).toEqual([]);
    });
  }
  const ownerRows = (): OwnerRow[] => {
    const deletePost = `/manage/posts/${targetSlug}/delete`;
    const deleteUser = `/manage/users/${targetId}/delete`;
    const wrongPassword = { status: 400, label: "400 (wrong password)", message: "Password is incorrect" };
    return [
      ...managePages.map(
        (path): OwnerRow => ({
          name: `GET ${path}`,
          method: "GET",
          path,
          expect: ownersOnly(path, { status: 200 }),
        }),
      ),
      {
        name: "POST /manage/settings (unchanged)",
        method: "POST",
        path: "/manage/settings",
        form: { registration: "open", publishing: "immediate" },
        expect: ownersOnly("/manage/settings", { status: 200 }, "POST"),
      },
      {
        name: "POST /manage/posts (hide)",
        method: "POST",
        path: "/manage/posts",
        form: { intent: "hide", slug: targetSlug },
        expect: ownersOnly(
          "/manage/posts",
          { status: 200, changes: ["posts", "activity"], label: "200 (hidden)" },
          "POST",
        ),
      },
      {
        name: "POST /manage/enquiries (mark answered)",
        method: "POST",
        path: "/manage/enquiries",
        form: { id: enquiryId, status: "answered" },
        expect: ownersOnly(
          "/manage/enquiries",
          { status: 200, changes: ["enquiries", "activity"], label: "200 (marked)" },
          "POST",
        ),
      },
      {
        name: "GET /manage/posts/:slug/delete",
        method: "GET",
        path: deletePost,
        expect: ownersOnly(deletePost, { status: 200, label: "200 (asks)" }),
      },
      {
        name: "POST /manage/users (suspend)",
        method: "POST",
        path: "/manage/users",
        form: { intent: "suspend", userId: targetId },
        expect: ownersOnly(
          "/manage/users",
          { status: 200, changes: ["members", "sessions", "activity"], label: "200 (suspended)" },
          "POST",
        ),
      },
      {
        name: "POST /manage/users (make owner)",
        method: "POST",
        path: "/manage/users",
        form: { intent: "make-owner", userId: targetId },
        expect: ownersOnly(
          "/manage/users",
          { status: 200, changes: ["members", "activity"], label: "200 (made owner)" },
          "POST",
        ),
      },
      {
        name: "GET /manage/users/:id/delete",
        method: "GET",
        path: deleteUser,
        expect: ownersOnly(deleteUser, { status: 200, label: "200 (asks)" }),
      },
      {
        name: "POST /manage/posts/:slug/delete",
        method: "POST",
        path: deletePost,
        form: {},
        expect: ownersOnly(
          deletePost,
          { status: 303, changes: ["posts", "activity"], label: "303 (deleted)" },
          "POST",
        ),
      },
      {
        name: "POST /manage/users/:id/delete",
        method: "POST",
        path: deleteUser,
        form: {},
        expect: ownersOnly(
          deleteUser,
          {
            status: 303,
            changes: ["users", "sessions", "members", "posts", "images", "uploads", "activity"],
            label: "303 (deleted)",
          },
          "POST",
        ),
      },
      {
        name: "GET /account",
        method: "GET",
        path: "/account",
        expect: ownAccount("/account", { status: 200, label: "200 (own)" }),
      },
      {
        name: "POST /account (profile)",
        method: "POST",
        path: "/account",
        form: { intent: "profile", displayName: "Someone", handle: "", bio: "" },
        expect: ownAccount(
          "/account",
          { status: 303, changes: ["members"], label: "303 (own profile)" },
          "POST",
        ),
      },
      {
        name: "POST /account (password)",
        method: "POST",
        path: "/account",
        form: { intent: "password", currentPassword: "not-the-password", password: "moreton-bay-fig-1" },
        expect: ownAccount(
          "/account",
          { status: 400, label: "400 (wrong current password)", message: "Current password is incorrect" },
          "POST",
        ),
      },
      {
        name: "GET /account/data",
        method: "GET",
        path: "/account/data",
        expect: ownAccount("/account/data", { status: 200, label: "200 (own data)" }),
      },
      {
        name: "GET /account/delete",
        method: "GET",
        path: "/account/delete",
        expect: ownAccount("/account/delete", { status: 200, label: "200 (asks)" }),
      },
      {
        name: "POST /account/delete",
        method: "POST",
        path: "/account/delete",
        form: { password: "not-the-password" },
        expect: ownAccount("/account/delete", wrongPassword, "POST"),
      },
      {
        name: "GET /account/two-step",
        method: "GET",
        path: "/account/two-step",
        expect: ownAccount("/account/two-step", { status: 200, label: "200 (own setup)" }),
      },
      {
        name: "POST /account/two-step",
        method: "POST",
        path: "/account/two-step",
        form: { intent: "enable", password: "not-the-password" },
        expect: ownAccount("/account/two-step", wrongPassword, "POST"),
      },
    ];
  };

  /** Each actor's cookies; forms carry the token the actor's own pages gave them, as a browser's would. */
  function ownerActorVisitor(actor: OwnerActor, path: string): Visitor | undefined {
    switch (actor) {
      case "visitor":
        return undefined;
      case "author":
        return author;
      case "another author":
        return other;
      case "suspended user":
        return suspended;
      case "cross-site":
        return path.startsWith("/manage") ? owner : author;
      case "expired session":
        return path.startsWith("/manage") ? expiredOwner : expired;
      case "owner":
        return owner;
    }
  }

  async function sendAs(row: OwnerRow, actor: OwnerActor) {
    const visitor = ownerActorVisitor(actor, row.path);
    const headers: Record<string, string> = visitor ? { cookie: visitor.cookieHeader } : {};
    if (actor === "cross-site")
      Object.assign(headers, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    if (!row.form) return rawRequest(server.url, { method: row.method, path: row.path, headers });
    const token = visitor?.cookies.get("wm_form");
    const form = token ? { ...row.form, csrf: token } : row.form;
    return rawRequest(server.url, {
      method: row.method,
      path: row.path,
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
  }

  it("has a row for every owner and account route in the route table", () => {
    const covered = new Set(
      ownerRows().map((row) => row.path.replace(targetSlug, ":slug").replace(targetId, ":id").split("?")[0]),
    );
    for (const path of [
      "/manage",
      "/manage/posts",
      "/manage/posts/:slug/delete",
      "/manage/users",
      "/manage/users/:id/delete",
      "/manage/settings",
      "/manage/enquiries",
      "/manage/enquiries.csv",
      "/manage/outbox",
      "/manage/activity",
      "/account",
      "/account/data",
      "/account/delete",
      "/account/two-step",
    ])
      expect(covered).toContain(path);
  });

  // The owner goes last: their changes (deleting the target) are the only ones allowed to stick.
  for (const actor of ownerActors) {
    it(`owner and account routes: ${actor}`, async () => {
      const failures: string[] = [];
      for (const row of ownerRows()) {
        const expected = row.expect[actor];
        const mayChange: (keyof SiteState)[] = [...(expected.changes ?? [])];
        if (actor === "expired session") mayChange.push("sessions");
        const before = await siteState(db, server.dataDir);
        const response = await sendAs(row, actor);
        const after = await siteState(db, server.dataDir);
        const problems: string[] = [];
        if (response.status !== expected.status) problems.push(`status ${response.status}`);
        if (expected.location !== undefined && response.headers.location !== expected.location)
          problems.push(`location ${response.headers.location}`);
        if (expected.message && !visibleText(response.body).includes(expected.message))
          problems.push(`no "${expected.message}"`);
        const changed = changedParts(before, after).filter((part) => !mayChange.includes(part));
        if (changed.length > 0) problems.push(`changed ${changed.join(", ")}`);
        if (
          !["author", "cross-site"].includes(actor) &&
          response.body.includes("Only the author may change this.")
        )
          problems.push("showed the author's post");
        const shown =
          expected.label ??
          `${response.status}${expected.location ? ` → ${expected.location.split("?")[0]}` : ""}`;
        ownerResults.set(
          `${row.name} × ${actor}`,
          problems.length === 0 ? `✓ ${shown}` : `✗ ${problems.join("; ")}`,
        );
        if (problems.length > 0) failures.push(`${row.name}: ${problems.join("; ")}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
