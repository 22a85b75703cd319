import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/database.ts";
import { slugBase } from "~/posts/slug.ts";
import { password, published, signedUp, uploadCover } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { photoJpeg } from "../support/images.ts";
import { makeOwner } from "../support/owners.ts";
import { type FreshPostgres, freshPostgresDatabase, postgresUrl } from "../support/postgres.ts";
import { type RunningS3, startS3 } from "../support/s3.ts";
import { type RunningServer, startExpectingFailure, startServer } from "../support/server.ts";
import { storedFor } from "../support/stored-objects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const tus = { "tus-resumable": "1.0.0" };
const base64 = (text: string) => Buffer.from(text).toString("base64");

/** Two instances behind an imaginary load balancer: one PostgreSQL database, one bucket. */
describe.skipIf(!postgresUrl)("several instances on PostgreSQL and an S3 bucket", () => {
  let s3: RunningS3;
  let database: FreshPostgres;
  let shared: Record<string, string>;
  let a: RunningServer;
  let b: RunningServer;
  let author: Visitor;

  beforeAll(async () => {
    s3 = await startS3("scale");
    database = await freshPostgresDatabase("scale");
    shared = { ...s3.env, DATABASE_URL: database.url };
    a = await startServer(shared);
    b = await startServer(shared);
    author = await signedUp(a.url, "two-instances@example.com");
  }, 90_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    await s3?.stop();
  });

  /** The same visitor, talking to another instance (the cookie is all a session is). */
  function onInstance(server: RunningServer, visitor: Visitor): Visitor {
    const moved = new Visitor(server.url);
    for (const [name, value] of visitor.cookies) moved.cookies.set(name, value);
    return moved;
  }

  async function publish(on: RunningServer, title: string): Promise<{ slug: string; imageId: string }> {
    const visitor = onInstance(on, author);
    const imageId = await uploadCover(visitor, await photoJpeg(900, 600));
    const content = `Written on one instance, read on another: ${title}.`;
    const slug = await published(visitor, { title, content, coverImageId: imageId });
    expect(slug.startsWith(`${slugBase(title)}-`), slug).toBe(true);
    return { slug, imageId };
  }

  it("shows a post created on A on B, cover image included, kept in the bucket", async () => {
    const { slug, imageId } = await publish(a, "Morning on Moncur Street");
    const page = await fetch(`${b.url}/blog/${encodeURIComponent(slug)}`);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain("Written on one instance, read on another");
    const image = await fetch(`${b.url}/images/${imageId}/800.avif`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/avif");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(await storedFor(a, imageId)).toContain(`scale/images/${imageId}/800.avif`);
    for (const server of [a, b]) expect(existsSync(path.join(server.dataDir, "images"))).toBe(false);
  });

  it("accepts a session from A on B, and signing out on B ends it on A", async () => {
    const visitor = await signedUp(a.url, "roaming@example.com");
    const onB = onInstance(b, visitor);
    const dashboard = await onB.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(visibleText(await dashboard.text())).toContain("roaming@example.com");
    expect((await onB.post("/logout", {})).status).toBe(303);
    const afterwards = await fetch(`${a.url}/dashboard`, {
      redirect: "manual",
      headers: { cookie: visitor.cookieHeader },
    });
    expect(afterwards.status).toBe(302);
  });

  it.skipIf(!chromiumPath)(
    "ends a suspended user's session on B when an owner on A suspends them",
    async () => {
      const owner = await signedUp(a.url, "scale-owner@example.com");
      const ownerDb = openDatabase({ kind: "postgres", url: database.url });
      try {
        await makeOwner(ownerDb, "scale-owner@example.com");
        const suspended = await signedUp(a.url, "scale-suspended@example.com");
        const browser = await launchBrowser();
        try {
          const page = await (await contextAs(browser, onInstance(b, suspended))).newPage();
          await page.goto(`${b.url}/dashboard`);
          await page.getByRole("heading", { name: "Dashboard" }).waitFor();
          const { rows } = await sql<{
            id: string;
          }>`select id from "user" where email = 'scale-suspended@example.com'`.execute(ownerDb);
          const suspension = await owner.post("/manage/users", {
            intent: "suspend",
            userId: rows[0]?.id ?? "",
          });
          expect(suspension.status).toBe(200);
          await page.reload();
          expect(new URL(page.url()).pathname).toBe("/login");
          const refused = await new Visitor(b.url).logIn("scale-suspended@example.com", password);
          expect(visibleText(await refused.text())).toContain("This account is suspended");
        } finally {
          await browser.close();
        }
      } finally {
        await ownerDb.destroy();
      }
    },
  );

  it("holds a login limit counted on A when the next attempt reaches B", async () => {
    const visitor = new Visitor(a.url);
    await visitor.register("limited@example.com", password);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await new Visitor(a.url).logIn("limited@example.com", "not-the-password")).status).toBe(401);
    }
    const blocked = await new Visitor(b.url).logIn("limited@example.com", password);
    expect(blocked.status).toBe(429);
    expect(visibleText(await blocked.text())).toMatch(/Too many attempts, try again in \d+ seconds/);
  });

  it("resumes on B an upload started on A", async () => {
    const file = await photoJpeg(3000, 2000, 95);
    const half = Math.floor(file.length / 2);
    const cookie = author.cookieHeader;
    const created = await fetch(`${a.url}/api/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        cookie,
        "upload-length": String(file.length),
        "upload-metadata": `filename ${base64("street.jpg")},filetype ${base64("image/jpeg")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    const patch = (server: RunningServer, offset: number, body: Uint8Array<ArrayBuffer>) =>
      fetch(`${server.url}${location}`, {
        method: "PATCH",
        headers: {
          ...tus,
          cookie,
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
        body,
      });
    const first = await patch(a, 0, new Uint8Array(file.subarray(0, half)));
    expect(first.status).toBe(204);

    const head = await fetch(`${b.url}${location}`, { method: "HEAD", headers: { ...tus, cookie } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("upload-offset"))).toBe(half);
    const rest = await patch(b, half, new Uint8Array(file.subarray(half)));
    expect(rest.status).toBe(204);
    const imageId = rest.headers.get("image-id") as string;
    expect(imageId).toBe(location.split("/").pop());

    const image = await fetch(`${a.url}/images/${imageId}/1260.webp`);
    expect(image.status).toBe(200);
    // The original (with its metadata) is gone from the bucket; only the variants stay.
    expect((await storedFor(a, imageId)).filter((key) => key.includes("/uploads/"))).toEqual([]);
  });

  it("refreshes B's cached pages when a post is written on A", async () => {
    for (let visit = 0; visit < 3; visit++) await fetch(`${b.url}/home`);
    await publish(a, "News that travels between instances");
    await expect
      .poll(async () => visibleText(await (await fetch(`${b.url}/home`)).text()), {
        timeout: 3000,
        interval: 200,
      })
      .toContain("News that travels between instances");
  });

  it("keeps serving on one instance while the other restarts", async () => {
    await a.stop();
    const { slug } = await publish(b, "Written while A was away");
    expect((await fetch(`${b.url}/home`)).status).toBe(200);
    a = await startServer({ ...shared, DATA_DIR: a.dataDir });
    const onA = await fetch(`${a.url}/blog/${encodeURIComponent(slug)}`);
    expect(onA.status).toBe(200);

    await b.stop();
    const dashboard = await onInstance(a, author).get("/dashboard");
    expect(dashboard.status).toBe(200);
    await publish(a, "Written while B was away");
    b = await startServer({ ...shared, DATA_DIR: b.dataDir });
    expect(visibleText(await (await fetch(`${b.url}/home`)).text())).toContain("Written while B was away");
  });

  it("can send browsers to the bucket for images instead (S3_PUBLIC_URL)", async () => {
    const { imageId } = await publish(a, "Served straight from the bucket");
    const bucketUrl = new URL(shared.STORAGE_URL as string).hostname;
    const publicUrl = `${shared.S3_ENDPOINT}/${bucketUrl}`;
    const direct = await startServer({ ...shared, S3_PUBLIC_URL: publicUrl });
    try {
      const response = await fetch(`${direct.url}/images/${imageId}/800.webp`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${publicUrl}/scale/images/${imageId}/800.webp`);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const page = await fetch(`${direct.url}/about`);
      expect(page.headers.get("content-security-policy")).toContain(
        `img-src 'self' data: blob: ${new URL(publicUrl).origin};`,
      );
      const image = await fetch(response.headers.get("location") as string);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    } finally {
      await direct.stop();
    }
  });
});

describe("object storage settings", () => {
  it("refuses a bucket it cannot use, in one line naming the variable", async () => {
    const s3 = await startS3();
    try {
      const exited = await startExpectingFailure({ ...s3.env, STORAGE_URL: "s3://no-such-bucket/site" });
      expect(exited.code).not.toBe(0);
      expect(exited.output).toMatch(/STORAGE_URL: cannot use the image store/);
      expect(exited.output).not.toMatch(/\n\s+at /);
    } finally {
      await s3.stop();
    }
  });

  it("asks for AUTH_SECRET when STORAGE_URL is set", async () => {
    const exited = await startExpectingFailure({ STORAGE_URL: "s3://some-bucket/site", AUTH_SECRET: "" });
    expect(exited.code).not.toBe(0);
    expect(exited.output).toContain("AUTH_SECRET must be set when STORAGE_URL is set");
  });
});
