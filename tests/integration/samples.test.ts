import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countPosts } from "~/.server/posts/posts.ts";
import { insertBatch, sampleArticles } from "~/.server/posts/samples.ts";
import { postLimits } from "~/posts/post-schema.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

describe("the 2023 sample articles", () => {
  const articles = sampleArticles();

  it("are ten original articles within the content limit", () => {
    expect(articles).toHaveLength(10);
    for (const article of articles) {
      expect(article.content.length, article.title).toBeLessThanOrEqual(postLimits.content);
      expect(article.content.length, article.title).toBeGreaterThan(500);
      expect(article.title.length).toBeLessThanOrEqual(postLimits.title);
    }
  });

  it("include two remote-work articles sharing a title, one short and one long", () => {
    const pair = articles.filter((a) => a.title === "How to Stay Productive Working From Home");
    expect(pair).toHaveLength(2);
    const [short, long] = pair.map((a) => a.content.length).sort((a, b) => a - b);
    expect(short).toBeLessThan(1200);
    expect(long).toBeGreaterThan(2700);
  });

  it("each have their own cover", () => {
    expect(new Set(articles.map((a) => a.cover)).size).toBe(10);
  });
});

describe.each(dialects)("a batch on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
    await t.db
      .insertInto("images")
      .values({ id: "good", userId: null, width: 10, height: 10, fallback: "jpeg", createdAt: 0 })
      .execute();
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (title: string, coverImageId = "good") => ({ title, content: "Words.", coverImageId });

  it("inserts every post", async () => {
    await insertBatch(t.db, [post("One"), post("Two"), post("Two")], "user-1");
    expect(await countPosts(t.db)).toBe(3);
  });

  it("inserts none when one of them fails", async () => {
    await expect(
      insertBatch(t.db, [post("One"), post("Two"), post("Broken", "no-such-image")], "user-1"),
    ).rejects.toThrow();
    expect(await countPosts(t.db)).toBe(0);
  });
});
