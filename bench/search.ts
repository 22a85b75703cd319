/**
 * `npm run bench:search`: how long `/search?q=` takes at 100 000 public posts, on SQLite and
 * on PostgreSQL (TEST_DATABASE_URL), against the production build over loopback: p50 and p99
 * of a mix of queries (common and rare words, two words, a prefix, a word no post has), one
 * at a time after a warm-up. The posts are written straight into the database the server
 * runs on, the way an import would. Then the hostile set: its worst query against a one-word
 * search, and `/status` beside it.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { startServer } from "../tests/support/server.ts";

const postCount = Number(process.env.BENCH_POSTS ?? 100_000);
const batch = 500;
const rounds = 20;

/** A vocabulary with a long tail: word i is used about 1/(i+1) as often as word 0. */
const syllables = ["ma", "lo", "ren", "ta", "vi", "quen", "dor", "sel", "mi", "cor", "ul", "ba"];
const vocabulary = Array.from({ length: 5000 }, (_, i) => {
  let word = "";
  for (let n = i + 12; n > 0; n = Math.floor(n / 12)) word += syllables[n % 12];
  return word;
});
const common = ["street", "garden", "coffee", "office", "morning", "woollahra", "village", "light"];
const harmonic = vocabulary.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
function word(random: () => number): string {
  if (random() < 0.1) return common[Math.floor(random() * common.length)] as string;
  let target = random() * harmonic;
  for (let i = 0; i < vocabulary.length; i++) {
    target -= 1 / (i + 1);
    if (target <= 0) return vocabulary[i] as string;
  }
  return vocabulary[0] as string;
}

/** A deterministic generator, so both databases hold the same posts. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function* posts() {
  const random = seeded(42);
  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < postCount; i++) {
    const title = Array.from({ length: 5 }, () => word(random)).join(" ");
    const content = Array.from({ length: 150 }, () => word(random)).join(" ");
    yield { slug: `bench-${i}`, title, content, publishedOn: start + i * 60_000 };
  }
}

const queries = [
  "garden",
  "coffee morning",
  "woollahra village light",
  vocabulary[3] as string,
  vocabulary[400] as string,
  vocabulary[4000] as string,
  `${vocabulary[10]} ${vocabulary[2000]}`,
  "gard",
  "nothingmatchesthis",
  '"garden -street* NEAR OR',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

const median = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    50,
  );

/** Queries made to cost the most: many one- and two-letter words, short beginnings, the longest query. */
const hostile = [
  "m l r t v q d s",
  "ma lo re ta vi qu do se",
  "mar lor ren tav vim que dor sel",
  "co ma st of li ga vi mo",
  "ab ".repeat(67),
  "marentavi".repeat(23),
];

/**
 * The cost ceiling (decision 034): the worst hostile query against a one-word search, and how
 * long `/status` takes alone and while hostile searches run back to back beside it.
 */
async function hostileSearches(
  name: string,
  ask: (q: string) => Promise<number>,
  oneWord: number,
  url: string,
) {
  let worst = { q: "", ms: 0 };
  for (const q of hostile) {
    const ms = median(await sequence(rounds / 4, () => ask(q)));
    console.log(`  hostile ${JSON.stringify(q.slice(0, 32)).padEnd(36)} median ${ms.toFixed(1)} ms`);
    if (ms > worst.ms) worst = { q, ms };
  }
  console.log(
    `${name}: worst hostile query ${worst.ms.toFixed(1)} ms = ${(worst.ms / oneWord).toFixed(1)}x a one-word search (${oneWord.toFixed(1)} ms)`,
  );
  const status = async () => {
    const started = performance.now();
    await (await fetch(`${url}/status`)).arrayBuffer();
    return performance.now() - started;
  };
  const alone = median(await sequence(rounds, status));
  let searching = true;
  const flood = (async () => {
    for (let i = 0; searching; i++) await ask(hostile[i % hostile.length] as string);
  })();
  const beside = median(await sequence(rounds, status));
  searching = false;
  await flood;
  console.log(
    `${name}: /status median ${alone.toFixed(1)} ms alone, ${beside.toFixed(1)} ms beside hostile searches (${(beside / alone).toFixed(1)}x)`,
  );
}

async function sequence(times: number, run: () => Promise<number>): Promise<number[]> {
  const taken: number[] = [];
  for (let i = 0; i < times; i++) taken.push(await run());
  return taken;
}

async function measure(name: string, env: Record<string, string>, fill: (dataDir: string) => Promise<void>) {
  const server = await startServer({ ...env, RATE_LIMITS: "off" });
  try {
    const filling = performance.now();
    await fill(server.dataDir);
    console.log(
      `${name}: ${postCount} posts written in ${((performance.now() - filling) / 1000).toFixed(0)} s`,
    );
    const ask = async (q: string, page = 1) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/search?q=${encodeURIComponent(q)}&page=${page}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${q}: HTTP ${response.status}`);
      return performance.now() - started;
    };
    for (const q of queries) await ask(q);
    const byQuery = new Map<string, number[]>();
    const timed = async (label: string, q: string, page = 1) => {
      const took = await ask(q, page);
      byQuery.set(label, [...(byQuery.get(label) ?? []), took]);
      return took;
    };
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) for (const q of queries) times.push(await timed(q, q));
    // The last page of the commonest word's ranked matches.
    for (let round = 0; round < rounds; round++) times.push(await timed("garden, page 16", "garden", 16));
    for (const [label, taken] of byQuery)
      console.log(
        `  ${label.padEnd(28)} median ${percentile(
          taken.sort((a, b) => a - b),
          50,
        ).toFixed(1)} ms`,
      );
    times.sort((a, b) => a - b);
    const result = { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0 };
    console.log(
      `${name}: ${times.length} searches, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms`,
    );
    await hostileSearches(name, ask, median(byQuery.get("garden") ?? []), server.url);
  } finally {
    await server.stop();
  }
}

const image = { id: "bench-cover", userId: null, width: 1260, height: 750, fallback: "jpeg", createdAt: 0 };

await measure("sqlite", {}, async (dataDir) => {
  const db = new Database(path.join(dataDir, "site.db"));
  db.pragma("busy_timeout = 5000");
  db.prepare(
    "insert into images (id, userId, width, height, fallback, createdAt) values (@id, @userId, @width, @height, @fallback, @createdAt)",
  ).run(image);
  const insert = db.prepare(
    `insert into posts (slug, title, content, publishedOn, coverImageId, userId, status)
     values (@slug, @title, @content, @publishedOn, 'bench-cover', null, 'published')`,
  );
  const insertAll = db.transaction(
    (rows: ReturnType<typeof posts> extends Iterable<infer T> ? T[] : never) => {
      for (const row of rows) insert.run(row);
    },
  );
  let rows = [];
  for (const post of posts()) {
    rows.push(post);
    if (rows.length === batch) {
      insertAll(rows);
      rows = [];
    }
  }
  insertAll(rows);
  db.close();
});

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `bench_search_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await measure("postgres", { DATABASE_URL: url.toString() }, async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query(
        `insert into images (id, "userId", width, height, fallback, "createdAt") values ($1, null, $2, $3, $4, 0)`,
        [image.id, image.width, image.height, image.fallback],
      );
      let rows: { slug: string; title: string; content: string; publishedOn: number }[] = [];
      const flush = async () => {
        if (rows.length === 0) return;
        await client.query(
          `insert into posts (slug, title, content, "publishedOn", "coverImageId", status)
           select * , 'bench-cover', 'published' from unnest($1::text[], $2::text[], $3::text[], $4::bigint[])`,
          [
            rows.map((r) => r.slug),
            rows.map((r) => r.title),
            rows.map((r) => r.content),
            rows.map((r) => r.publishedOn),
          ],
        );
        rows = [];
      };
      for (const post of posts()) {
        rows.push(post);
        if (rows.length === batch) await flush();
      }
      await flush();
      await client.query("analyze posts");
      await client.end();
    });
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log("postgres: skipped (set TEST_DATABASE_URL)");
}
