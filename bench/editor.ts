/**
 * `npm run bench:editor`: how long opening the editor (`GET /create-post`, signed in) takes on
 * an empty site and with 100 000 tagged public posts, on SQLite and on PostgreSQL
 * (TEST_DATABASE_URL). The editor suggests tags; what that costs must not grow with the posts.
 * Prints p50 and p99 of 200 loads one at a time, and the ratio of the full site to the empty.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { type Db, migrateToLatest, openDatabase } from "../app/.server/db/database.ts";
import { signedUp } from "../tests/support/author.ts";
import { startServer } from "../tests/support/server.ts";

const postCount = Number(process.env.BENCH_POSTS ?? 100_000);
const loads = 200;
const tagVocabulary = Array.from({ length: 400 }, (_, i) => `topic ${i}`);

async function seed(db: Db, count: number): Promise<void> {
  await db
    .insertInto("images")
    .values({ id: "bench-cover", userId: null, width: 1260, height: 750, fallback: "jpeg", createdAt: 0 })
    .execute();
  const started = Date.UTC(2020, 0, 1);
  for (let from = 0; from < count; from += 500) {
    const n = Array.from({ length: Math.min(500, count - from) }, (_, i) => from + i);
    await db
      .insertInto("posts")
      .values(
        n.map((i) => ({
          slug: `bench-${i}`,
          title: `Notes from Moncur Street, number ${i}`,
          content: `A short post about the village, number ${i}.`,
          publishedOn: started + i * 60_000,
          coverImageId: "bench-cover",
          userId: null,
          submissionId: null,
        })),
      )
      .execute();
    await db
      .insertInto("postTags")
      .values(
        n.flatMap((i) =>
          [i % 7, (i * 13) % 97, (i * 31) % tagVocabulary.length].map((t, k) => ({
            slug: `bench-${i}`,
            tag: tagVocabulary[(t + k * 100) % tagVocabulary.length] as string,
          })),
        ),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

function percentile(sorted: number[], p: number): number {
  return +(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number).toFixed(2);
}

async function measure(env: Record<string, string>): Promise<{ p50: number; p99: number }> {
  const server = await startServer({ ...env, LOG_LEVEL: "error", WEB_CONCURRENCY: "1" });
  try {
    const visitor = await signedUp(server.url, `bench-${randomBytes(4).toString("hex")}@example.com`);
    for (let i = 0; i < 20; i++) await (await visitor.get("/create-post")).text();
    const times: number[] = [];
    for (let i = 0; i < loads; i++) {
      const started = performance.now();
      const response = await visitor.get("/create-post");
      await response.text();
      if (response.status !== 200) throw new Error(`/create-post answered ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
  } finally {
    await server.stop();
  }
}

interface Site {
  env: Record<string, string>;
  db: Db;
  dispose(): Promise<void>;
}

async function sqliteSite(): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "wm-bench-editor-"));
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  return { env: { DATA_DIR: dataDir }, db, dispose: () => db.destroy() };
}

async function postgresSite(): Promise<Site> {
  const admin = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `bench_editor_${randomBytes(4).toString("hex")}`;
  const adminDb = openDatabase({ kind: "postgres", url: admin.toString() });
  await sql`create database ${sql.id(name)}`.execute(adminDb);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = openDatabase({ kind: "postgres", url: url.toString() });
  return {
    env: { DATABASE_URL: url.toString() },
    db,
    async dispose() {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(adminDb);
      await adminDb.destroy();
    },
  };
}

const rows: Record<string, string | number>[] = [];
const kinds = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
for (const kind of kinds) {
  for (const posts of [0, postCount]) {
    const site = kind === "sqlite" ? await sqliteSite() : await postgresSite();
    try {
      await migrateToLatest(site.db);
      if (posts > 0) await seed(site.db, posts);
      // A site that grew to this size has had its statistics gathered (autovacuum does it);
      // straight after a bulk load PostgreSQL plans as if the tables were empty.
      if (kind === "postgres") await sql`analyze`.execute(site.db);
      const { p50, p99 } = await measure(site.env);
      rows.push({ database: kind, posts, "p50 ms": p50, "p99 ms": p99 });
    } finally {
      await site.dispose();
    }
  }
  const [empty, full] = rows.slice(-2).map((row) => Number(row["p50 ms"]));
  rows.push({ database: kind, posts: "full ÷ empty", "p50 ms": +(Number(full) / Number(empty)).toFixed(2) });
}
console.table(rows);
