import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { ownSlugs, publish, signedIn, signedUp, uploadCover } from "../support/author.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type Visitor, visibleText } from "../support/visitor.ts";

/**
 * The one rule of state-changing forms (decision 028), checked against the route table itself
 * so that a route added later is covered too: every route that takes a POST refuses a form
 * sent from the site's own origin by a signed-in owner, on their own data, when it lacks the
 * anti-forgery token — but the few that say why they may not carry one.
 */
const exempt: Record<string, string> = {
  "/contact": "a shared page's form: it carries the enquiry stamp (tests/e2e/mail.test.ts)",
  "/subscribe": "the reading pages' form: it carries the same stamp (tests/e2e/subscriptions.test.ts)",
  "/api/uploads/*": "not a form: tus requests carry headers no cross-site form can send",
  "/unsubscribe/:token":
    "one-click unsubscribe (RFC 8058): mail providers send it from their own servers; the link's token is the proof",
  "/*": "changes nothing: every request to an unknown path is answered 404",
};

const staleForm = "This form has expired or was sent from somewhere else. Reload the page and try again.";

interface BuiltRoute {
  path?: string;
  parentId?: string;
  module: { action?: unknown };
}

describe("every state-changing form carries the anti-forgery token", () => {
  let server: RunningServer;
  let db: Db;
  let owner: Visitor;
  let slug: string;
  let ownerId: string;
  let routes: Record<string, BuiltRoute>;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: "off" });
    db = serverDatabase(server);
    await signedUp(server.url, "owner@example.com");
    await makeOwner(db, "owner@example.com");
    owner = await signedIn(server.url, "owner@example.com");
    const coverImageId = await uploadCover(owner);
    await publish(owner, { title: "Plane trees", content: "Along Moncur Street.", coverImageId });
    slug = (await ownSlugs(owner))[0] as string;
    ownerId = (
      await db.selectFrom("members").select("userId").where("role", "=", "owner").executeTakeFirstOrThrow()
    ).userId;
    ({ routes } = await import(path.resolve(import.meta.dirname, "../../build/server/index.js")));
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
  });

  /** Each route's path with its parameters filled in with the owner's own things. */
  const concrete = (pattern: string) =>
    pattern.replace(":slug", slug).replace(":id", ownerId).replace(":token", "x".repeat(43));

  it("refuses each route's form without its token, and names every route that needs none", async () => {
    const patterns = Object.values(routes)
      .filter((route) => route.module.action && route.path !== undefined)
      .map((route) => `/${route.path}`);
    expect(patterns).toContain("/create-post");
    const refused: string[] = [];
    const answers: string[] = [];
    for (const pattern of patterns) {
      if (pattern in exempt) continue;
      const response = await owner.post(concrete(pattern), { csrf: "" });
      const text = visibleText(await response.text());
      answers.push(`${pattern}: ${response.status}`);
      if (response.status === 403 && text.includes(staleForm)) refused.push(pattern);
    }
    expect(refused, answers.join("\n")).toEqual(patterns.filter((pattern) => !(pattern in exempt)));
    expect(Object.keys(exempt).every((pattern) => patterns.includes(pattern))).toBe(true);
  });
});
