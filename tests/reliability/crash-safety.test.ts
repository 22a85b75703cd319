import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/database.ts";
import {
  acknowledged,
  type PostFields,
  publish,
  signedIn,
  signedUp,
  uploadCover,
} from "../support/author.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";
import { danglingPosts, sqliteIntegrity } from "./support/database-soundness.ts";
import { longRun } from "./support/run-length.ts";

const trials = longRun ? 20 : 3;
/** Posts in flight at once, so the kill can land in the middle of several commits. */
const writersInFlight = 6;
/** The kill comes at a random moment in this window after the writers start. */
const killWindowMs = [300, 2000] as const;

describe.each(serverDialects)("crash safety on $name", (dialect: ServerDialect) => {
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    dataDir = mkdtempSync(path.join(tmpdir(), "wm-crash-"));
    // One author publishes as fast as the server lets it, far past the posting limit.
    env = { ...env, DATA_DIR: dataDir, RATE_LIMITS: "off" };
  });
  afterAll(async () => {
    await dispose?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const database = () =>
    openDatabase(
      env.DATABASE_URL
        ? { kind: "postgres", url: env.DATABASE_URL }
        : { kind: "sqlite", file: path.join(dataDir, "site.db") },
    );

  /** Publishes posts, several at a time, until the server is killed; returns the acknowledged titles. */
  async function publishUntilKilled(
    server: RunningServer,
    author: Visitor,
    trial: number,
    coverImageId: string,
    sent: Map<string, PostFields>,
  ): Promise<string[]> {
    const acknowledgedTitles: string[] = [];
    let killed = false;
    let next = 0;
    const kill = setTimeout(
      () => {
        killed = true;
        process.kill(server.pid, "SIGKILL");
      },
      randomInt(...killWindowMs),
    );

    async function writer() {
      while (!killed) {
        const number = next++;
        const token = randomBytes(6).toString("hex");
        const post = {
          title: `Trial ${trial} post ${number} ${token}`,
          content: `Written in trial ${trial} as post ${number}, token ${token}.`,
          coverImageId,
        };
        sent.set(post.title, post);
        try {
          const response = await publish(author, post);
          await response.body?.cancel();
          if (acknowledged(response)) acknowledgedTitles.push(post.title);
          else if (!killed) throw new Error(`publish answered HTTP ${response.status}`);
        } catch (error) {
          // The connection dropped: the server is gone, and this post was never acknowledged.
          if (killed) return;
          throw error;
        }
      }
    }

    try {
      await Promise.all(Array.from({ length: writersInFlight }, writer));
    } finally {
      clearTimeout(kill);
    }
    return acknowledgedTitles;
  }

  /** Checks the database as the killed server left it, before anything opens it again. */
  async function expectSoundAfterKill() {
    if (!env.DATABASE_URL) {
      expect(sqliteIntegrity(path.join(dataDir, "site.db"))).toEqual({
        integrity: "ok",
        foreignKeyViolations: 0,
      });
    }
    const db = database();
    try {
      expect(await danglingPosts(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  }

  /** The stored posts by title, after checking each is one that was sent, whole and only once. */
  async function storedPosts(sent: Map<string, PostFields>) {
    const db = database();
    try {
      const rows = await db.selectFrom("posts").select(["slug", "title", "content"]).execute();
      const byTitle = new Map(rows.map((row) => [row.title, row]));
      expect(byTitle.size, "no post is stored twice").toBe(rows.length);
      for (const row of rows) expect(row.content, row.title).toBe(sent.get(row.title)?.content);
      return byTitle;
    } finally {
      await db.destroy();
    }
  }

  it(`keeps every acknowledged post through ${trials} SIGKILLs, and the database stays sound`, async () => {
    const email = `crash.${dialect.name}@example.com`;
    let server = await startServer(env);
    let author = await signedUp(server.url, email);
    const coverImageId = await uploadCover(author);
    const sent = new Map<string, PostFields>();
    const acknowledgedTitles: string[] = [];
    try {
      for (let trial = 1; trial <= trials; trial++) {
        const thisTrial = await publishUntilKilled(server, author, trial, coverImageId, sent);
        acknowledgedTitles.push(...thisTrial);
        await server.stop();
        await expectSoundAfterKill();

        server = await startServer(env);
        const stored = await storedPosts(sent);
        const missing = acknowledgedTitles.filter((title) => !stored.has(title));
        expect(missing, `acknowledged posts missing after crash ${trial}`).toEqual([]);
        const reader = new Visitor(server.url);
        for (const title of thisTrial) {
          const { slug } = stored.get(title) as { slug: string };
          const page = await reader.get(`/blog/${encodeURIComponent(slug)}`);
          expect(page.status, slug).toBe(200);
          const text = visibleText(await page.text());
          expect(text).toContain(title);
          expect(text).toContain(sent.get(title)?.content);
        }
        author = await signedIn(server.url, email);
      }
      const stored = await storedPosts(sent);
      const found = acknowledgedTitles.filter((title) => stored.has(title)).length;
      console.log(
        `crash safety on ${dialect.name}: ${trials} trials, ${acknowledgedTitles.length} posts acknowledged, ` +
          `${found} found (${stored.size} stored of ${sent.size} sent)`,
      );
      expect(found).toBe(acknowledgedTitles.length);
      expect(acknowledgedTitles.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
