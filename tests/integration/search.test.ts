import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db/database.ts";
import { migrations } from "~/.server/db/migrations/index.ts";
import { createPost, deletePost, updatePost } from "~/.server/posts/posts.ts";
import { excerptAround, marked, searchPosts, searchQuery } from "~/.server/posts/search.ts";
import { cover, dialects, storeCover, type TestDatabase } from "../support/databases.ts";

const gardens = {
  title: "Gardens of Woollahra",
  content: "Plane trees and a **garden** bench on Moncur Street.",
};
const posts = [
  gardens,
  { title: "Coffee on Queen Street", content: "The espresso bar opens early; gardeners come for coffee." },
  { title: "Working from home", content: "A desk, a window and a garden view help you focus." },
  { title: "Café culture", content: "Café au lait in the morning, with a 2024 menu and co-working seats." },
  { title: 'Quotes "and" operators', content: "Use NEAR, OR and AND freely; this post says it all." },
];

/** Every query here, with the titles each finds (as a set; ranking is checked apart). */
const queries: [string, string[]][] = [
  ["garden", ["Gardens of Woollahra", "Coffee on Queen Street", "Working from home"]],
  ["GARDEN moncur", ["Gardens of Woollahra"]],
  ["café", ["Café culture"]],
  ["cafe", []],
  ["2024", ["Café culture"]],
  ["co-working", ["Café culture"]],
  ['"garden bench"', ["Gardens of Woollahra"]],
  ['"unbalanced', []],
  ["garden -bench", ["Gardens of Woollahra"]],
  ["gard*", ["Gardens of Woollahra", "Coffee on Queen Street", "Working from home"]],
  // One or two letters find only themselves (the cost ceiling, decision 034); three find what they begin.
  ["a", ["Gardens of Woollahra", "Working from home", "Café culture"]],
  ["a garden", ["Gardens of Woollahra", "Working from home"]],
  ["m l r t v q d s", []],
  ["co", ["Café culture"]],
  ["cof", ["Coffee on Queen Street"]],
  ["NEAR(garden bench)", []],
  ["NEAR garden OR coffee AND", []],
  ["near or and", ['Quotes "and" operators']],
  ["garden OR coffee", []],
  ["and", ["Gardens of Woollahra", "Working from home", "Café culture", 'Quotes "and" operators']],
  ["AND OR NOT", []],
  ["title:coffee", []],
  ["{title}: coffee", []],
  ["'; drop table posts; --", []],
  ["^garden", ["Gardens of Woollahra", "Coffee on Queen Street", "Working from home"]],
  ["\u0000garden\u202e", ["Gardens of Woollahra", "Coffee on Queen Street", "Working from home"]],
  ["x".repeat(10_240), []],
];

const titlesFound = async (t: TestDatabase, q: string) =>
  (await searchPosts(t.db, searchQuery(q).words, 1)).results.map((r) => r.title).sort();

describe("search queries as words", () => {
  it("keeps letters and digits only, lower-case, at most 200 characters and 8 words", () => {
    expect(searchQuery('"Garden  Bench" -NEAR* (or)')).toEqual({
      words: ["garden", "bench", "near", "or"],
      shortened: false,
    });
    expect(searchQuery("x".repeat(10_240))).toEqual({ words: ["x".repeat(200)], shortened: true });
    expect(searchQuery("a b c d e f g h i j").words).toHaveLength(8);
    expect(searchQuery("a b c d e f g h i j").shortened).toBe(true);
    expect(searchQuery(" \"' * - ")).toEqual({ words: [], shortened: false });
  });

  it("marks whole words that begin with a searched word, and never changes the text", () => {
    expect(marked("Gardens, gardeners & <b>garden</b>", ["garden"])).toEqual([
      { text: "Gardens", match: true },
      { text: ", ", match: false },
      { text: "gardeners", match: true },
      { text: " & <b>", match: false },
      { text: "garden", match: true },
      { text: "</b>", match: false },
    ]);
    expect(marked("Kindergarten", ["garden"])).toEqual([{ text: "Kindergarten", match: false }]);
    expect(marked("A desk and a view", ["a", "vie"])).toEqual([
      { text: "A", match: true },
      { text: " desk and ", match: false },
      { text: "a", match: true },
      { text: " ", match: false },
      { text: "view", match: true },
    ]);
    const long = `${"word ".repeat(100)}garden ${"word ".repeat(100)}`;
    const around = excerptAround(long, ["garden"]);
    expect(around[0]).toEqual({ text: "…", match: false });
    expect(around.at(-1)).toEqual({ text: "…", match: false });
    expect(around.filter((s) => s.match).map((s) => s.text)).toEqual(["garden"]);
    expect(around.map((s) => s.text).join("").length).toBeLessThan(260);
  });
});

describe.each(dialects)("search on $name", (dialect) => {
  let t: TestDatabase;
  let slugs: string[];
  beforeAll(async () => {
    t = await dialect.open();
    await storeCover(t.db, cover);
    slugs = [];
    for (const [i, post] of posts.entries())
      slugs.push(
        await createPost(t.db, { ...post, coverImageId: cover.id }, "u1", {
          now: new Date(1_700_000_000_000 + i * 1000),
        }),
      );
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(queries)("%j finds the same posts on both databases", async (q, titles) => {
    expect(await titlesFound(t, q)).toEqual([...titles].sort());
  });

  it("ranks a title match first and marks the words in title and excerpt", async () => {
    const { total, results } = await searchPosts(t.db, ["garden"], 1);
    expect(total).toBe(3);
    expect(results[0]?.title).toBe("Gardens of Woollahra");
    expect(results[0]?.titleSegments).toEqual([
      { text: "Gardens", match: true },
      { text: " of Woollahra", match: false },
    ]);
    // The excerpt is the rendered text, without Markdown's asterisks.
    expect(results[0]?.excerpt.map((s) => s.text).join("")).toBe(
      "Plane trees and a garden bench on Moncur Street.",
    );
  });

  it("follows edits and deletions, and shows no draft, scheduled or hidden post", async () => {
    const [first, second, third] = slugs as [string, string, string];
    await updatePost(t.db, first, {
      title: "Renamed",
      content: "Nothing green here.",
      coverImageId: cover.id,
    });
    expect(await titlesFound(t, "moncur")).toEqual([]);
    const coffee = { title: "Coffee on Queen Street", content: "gardeners come for coffee" };
    await updatePost(t.db, second, { ...coffee, coverImageId: cover.id, status: "draft" });
    // A post once public keeps its date and cannot be scheduled again: a new one is.
    await deletePost(t.db, third);
    await createPost(
      t.db,
      {
        title: "Working from home",
        content: "a garden view",
        coverImageId: cover.id,
        publishAt: new Date(Date.now() + 3_600_000),
      },
      "u1",
    );
    expect(await titlesFound(t, "garden")).toEqual([]);
    const hidden = await createPost(t.db, { ...gardens, coverImageId: cover.id }, "u1");
    await t.db.updateTable("posts").set({ hiddenAt: Date.now() }).where("slug", "=", hidden).execute();
    expect(await titlesFound(t, "garden")).toEqual([]);
    await deletePost(t.db, hidden);
    const again = await createPost(t.db, { ...gardens, coverImageId: cover.id }, "u1");
    expect(await titlesFound(t, "garden")).toEqual(["Gardens of Woollahra"]);
    await deletePost(t.db, again);
    expect(await titlesFound(t, "garden")).toEqual([]);
  });
});

describe("the SQLite index of beginnings (migration 021)", () => {
  it("comes and goes with its migration, keeping every post findable and new posts indexed", async () => {
    const t = await (
      dialects.find((dialect) => dialect.name === "sqlite") as (typeof dialects)[number]
    ).open();
    try {
      const indexSql = async () =>
        (await sql<{ sql: string }>`select sql from sqlite_master where name = 'postSearch'`.execute(t.db))
          .rows[0]?.sql;
      await storeCover(t.db, cover);
      await createPost(t.db, { ...gardens, coverImageId: cover.id }, "u1");
      expect(await indexSql()).toContain("prefix = '3'");
      const migrator = new Migrator({ db: t.db, provider: migrations });
      expect((await migrator.migrateTo("019-writing")).error).toBeUndefined();
      expect(await indexSql()).not.toContain("prefix");
      expect(await titlesFound(t, "gar")).toEqual(["Gardens of Woollahra"]);
      await migrateToLatest(t.db);
      expect(await titlesFound(t, "gar")).toEqual(["Gardens of Woollahra"]);
      await createPost(t.db, { ...(posts[1] as typeof gardens), coverImageId: cover.id }, "u1");
      expect(await titlesFound(t, "esp")).toEqual(["Coffee on Queen Street"]);
    } finally {
      await t.close();
    }
  });
});
