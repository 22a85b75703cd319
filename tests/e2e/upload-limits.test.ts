import { sql } from "kysely";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishWithFiles, signedUp } from "../support/author.ts";
import { photoJpeg, plainImage } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { occupyImageProcessing } from "../support/tus.ts";
import { type Visitor, visibleText } from "../support/visitor.ts";

const megabyte = 1024 * 1024;

describe.each(serverDialects)("each user's upload limits on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let users = 0;

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await dispose?.();
  });

  async function signedIn(): Promise<{ cookie: string; id: string; visitor: Visitor }> {
    const email = `limited.${++users}.${dialect.name}@example.com`;
    const visitor = await signedUp(server.url, email);
    const db = serverDatabase(server, env);
    const { rows } = await sql<{ id: string }>`select id from "user" where email = ${email}`.execute(db);
    await db.destroy();
    return { cookie: visitor.cookieHeader, id: rows[0]?.id as string, visitor };
  }

  /** Asks the server to begin an upload of `bytes`, as a tus client's first request does. */
  function begin(cookie: string, bytes: number): Promise<Response> {
    return fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { cookie, "tus-resumable": "1.0.0", "upload-length": String(bytes) },
    });
  }

  async function recordedUploads(userId: string): Promise<number> {
    const db = serverDatabase(server, env);
    const rows = await db.selectFrom("uploads").select("id").where("userId", "=", userId).execute();
    await db.destroy();
    return rows.length;
  }

  it("lets a burst of 30 parallel uploads begin no more than 20 an hour, and says so to the others", async () => {
    const user = await signedIn();
    const answers = await Promise.all(Array.from({ length: 30 }, () => begin(user.cookie, 1000)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = answers.find((answer) => answer.status === 429) as Response;
    expect(await refused.text()).toMatch(
      /^Too many uploads: 20 an hour at most\. Try again in \d+ minutes\.$/,
    );
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await recordedUploads(user.id)).toBe(20);
  });

  it("lets a burst of 30 parallel 20 MB uploads keep no more than 100 MB unused, until one is canceled", async () => {
    const user = await signedIn();
    const answers = await Promise.all(Array.from({ length: 30 }, () => begin(user.cookie, 20 * megabyte)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    const refused = answers.find((answer) => answer.status === 429) as Response;
    expect(await refused.text()).toContain(
      "Too many unused uploads: the images you have uploaded but not used in a post can add up to 100 MB.",
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 60 * 60);
    expect(await recordedUploads(user.id)).toBe(5);

    const begun = answers.find((answer) => answer.status === 201) as Response;
    const url = new URL(begun.headers.get("location") as string, server.url).href;
    await tus.Upload.terminate(url, { headers: { cookie: user.cookie } });
    expect(await recordedUploads(user.id)).toBe(4);
    expect((await begin(user.cookie, 20 * megabyte)).status).toBe(201);
    expect((await begin(user.cookie, 1)).status).toBe(429);
  });

  /** Publishes with the cover as a file in the form, as the editor does without JavaScript. */
  async function publishWithFile({ visitor }: { visitor: Visitor }): Promise<string> {
    const response = await publishWithFiles(
      visitor,
      { title: "Sent without JavaScript", content: "Words." },
      { coverFile: await photoJpeg(640, 400) },
    );
    return response.status === 303 ? "published" : visibleText(await response.text());
  }

  it("holds a cover sent in a form without JavaScript to the same hourly limit", async () => {
    const user = await signedIn();
    for (let n = 0; n < 20; n++) expect((await begin(user.cookie, 1000)).status).toBe(201);
    expect(await publishWithFile(user)).toMatch(/Too many uploads: 20 an hour at most\./);
    expect(await recordedUploads(user.id)).toBe(20);
  });

  it("asks for a form without JavaScript to be sent again while another image is processed", async () => {
    const user = await signedIn();
    const { processed } = await occupyImageProcessing(
      server.url,
      user.cookie,
      await photoJpeg(6400, 6000, 85),
      await plainImage(16, 16, "png"),
    );
    expect(await publishWithFile(user)).toContain(
      "The server is busy with other images. Send the form again in a minute.",
    );
    expect((await processed).id).toBeDefined();
    expect(await publishWithFile(user)).toBe("published");
  });

  it("refuses an upload that does not say its length, changing nothing", async () => {
    const user = await signedIn();
    const answer = await fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { cookie: user.cookie, "tus-resumable": "1.0.0", "upload-defer-length": "1" },
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("Upload-Length is required");
    expect(await recordedUploads(user.id)).toBe(0);
  });
});
