import { splitTags } from "~/posts/tags.ts";
import type { Db } from "../db/database.ts";
import type { PostStatus } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { getImage, processImage } from "../uploads/images.ts";
import { createPost, type PostInput } from "./posts.ts";

export interface SampleArticle {
  title: string;
  content: string;
  cover: string;
  /** The cover's description (its alt text). */
  coverAlt: string;
  tags: string[];
}

const articleFiles = import.meta.glob<string>("../../content/samples/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const coverFiles = import.meta.glob<string>("../../content/samples/covers/*.webp", {
  query: "?inline",
  import: "default",
  eager: true,
});

/** Splits a Markdown file into its front matter (simple `key: "value"` lines) and body. */
function parseArticle(file: string, source: string): SampleArticle {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, "\n"));
  if (!match) throw new Error(`${file}: no front matter`);
  const fields = Object.fromEntries(
    [...(match[1] ?? "").matchAll(/^(\w+):\s*"(.*)"\s*$/gm)].map(([, key, value]) => [key, value]),
  );
  if (!fields.title || !fields.cover || !fields.coverAlt)
    throw new Error(`${file}: front matter needs title, cover and coverAlt`);
  return {
    title: fields.title,
    content: (match[2] ?? "").trim(),
    cover: fields.cover,
    coverAlt: fields.coverAlt,
    tags: splitTags(fields.tags ?? ""),
  };
}

/** The "Create Batch 2023" articles, in file order. */
export function sampleArticles(): SampleArticle[] {
  return Object.entries(articleFiles)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, source]) => parseArticle(file, source));
}

const coverId = (cover: string) => `sample-${cover}`;

function coverBytes(cover: string): Buffer {
  const dataUrl = coverFiles[`../../content/samples/covers/${cover}.webp`];
  if (!dataUrl) throw new Error(`no cover image for the sample article's "${cover}"`);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

/** The shipped covers go through the same image pipeline as uploads, once. */
async function ensureSampleCovers(db: Db, articles: SampleArticle[]): Promise<void> {
  for (const { cover } of articles) {
    if (!(await getImage(db, coverId(cover))))
      await processImage(db, coverId(cover), coverBytes(cover), null);
  }
}

/** Inserts posts all together or not at all. */
export async function insertBatch(
  db: Db,
  posts: PostInput[],
  userId: string,
  status: PostStatus = "published",
): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const post of posts) await createPost(trx, { ...post, status }, userId);
  });
}

/** Writes the ten sample articles under the user, with fresh slugs, in one transaction. */
export async function createSampleBatch(
  db: Db,
  userId: string,
  status: PostStatus = "published",
): Promise<void> {
  const articles = sampleArticles();
  await ensureSampleCovers(db, articles);
  await insertBatch(
    db,
    articles.map((article) => ({
      title: article.title,
      content: article.content,
      coverImageId: coverId(article.cover),
      coverAlt: article.coverAlt,
      tags: article.tags,
    })),
    userId,
    status,
  );
}
