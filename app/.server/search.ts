import { sql } from "kysely";
import { excerpt } from "~/lib/markdown.ts";
import { searchLimits } from "~/lib/search-limits.ts";
import type { Db } from "./db/database.ts";
import { dialectOf } from "./db/dialect.ts";
import { listedPublicly, type PostSummary, pageSize, summaries, withTags } from "./posts.ts";
import { renderedContent } from "./rendered-posts.ts";

export interface SearchQuery {
  /** Lower-case runs of letters and digits: what the index holds too. */
  words: string[];
  /** Part of the query was left out (too long, too many words): say so. */
  shortened: boolean;
}

/**
 * A visitor's query as words. Everything but letters and digits separates words, so quotes,
 * `-`, `*`, parentheses and operators such as NEAR, OR and AND are only text: no query can
 * change how the search is made, and none can fail.
 */
export function searchQuery(text: string): SearchQuery {
  const read = [...text].slice(0, searchLimits.characters).join("");
  const all = [
    ...new Set(
      read
        .normalize("NFC")
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ];
  return {
    words: all.slice(0, searchLimits.words),
    shortened: read.length < text.length || all.length > searchLimits.words,
  };
}

/** A run of text, marked where it matches the query. */
export type Segment = { text: string; match: boolean };

export interface SearchResult extends PostSummary {
  titleSegments: Segment[];
  excerpt: Segment[];
}

/**
 * Each word matches itself and longer words it begins ("garden" finds "gardens"); all words
 * must match. SQLite: an FTS5 query of quoted prefixes; PostgreSQL: the same prefixes as a
 * tsquery. Ranked by the index's relevance (a title match weighs more), then newest first.
 */
function matching(db: Db, words: string[]) {
  const postgres = dialectOf(db) === "postgres";
  if (postgres) {
    const tsquery = sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(" & ")})`;
    return {
      query: summaries(db).where(sql<boolean>`posts."searchDocument" @@ ${tsquery}`),
      rank: sql<number>`-ts_rank(posts."searchDocument", ${tsquery})`,
    };
  }
  const fts = words.map((word) => `"${word}"*`).join(" ");
  return {
    query: summaries(db)
      .innerJoin(sql`"postSearchRows"`.as("searchRows"), (join) =>
        join.onRef(sql.ref("searchRows.slug"), "=", "posts.slug"),
      )
      .innerJoin(sql`"postSearch"`.as("postSearch"), (join) =>
        join.on(sql<boolean>`"postSearch".rowid = "searchRows".id`),
      )
      .where(sql<boolean>`"postSearch" match ${fts}`),
    rank: sql<number>`bm25("postSearch", 10.0, 1.0)`,
  };
}

/** One page of the public posts matching the words, best first, and how many match in all. */
export async function searchPosts(
  db: Db,
  words: string[],
  page: number,
): Promise<{ total: number; results: SearchResult[] }> {
  if (words.length === 0) return { total: 0, results: [] };
  const { query, rank } = matching(db, words);
  const publicMatches = query.where(listedPublicly);
  const [counted, rows] = await Promise.all([
    publicMatches
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    publicMatches
      .select(["posts.content", rank.as("rank")])
      .orderBy("rank")
      .orderBy("posts.publishedOn", "desc")
      .orderBy("posts.slug")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const posts = await withTags(db, rows);
  return {
    total: Number(counted.count),
    results: posts.map((post, i) => {
      const content = rows[i]?.content ?? "";
      const text = excerpt(renderedContent({ ...post, content }), Number.MAX_SAFE_INTEGER);
      return { ...post, titleSegments: marked(post.title, words), excerpt: excerptAround(text, words) };
    }),
  };
}

const excerptLength = 240;

/** Where the words occur: each at the start of a word, running to its end (prefixes). */
function wordMatcher(words: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join("|")})[\\p{L}\\p{N}]*`, "giu");
}

/** Text split into runs, the matching words marked. */
export function marked(text: string, words: string[]): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.normalize("NFC").matchAll(wordMatcher(words))) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index), match: false });
    segments.push({ text: match[0], match: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}

/** About `excerptLength` characters of plain text around the first match, marked. */
export function excerptAround(text: string, words: string[]): Segment[] {
  const plain = text.normalize("NFC");
  const first = wordMatcher(words).exec(plain)?.index ?? 0;
  let start = Math.max(0, first - 60);
  if (start > 0) start = plain.indexOf(" ", start) + 1 || start;
  let end = Math.min(plain.length, start + excerptLength);
  if (end < plain.length) end = plain.lastIndexOf(" ", end) > first ? plain.lastIndexOf(" ", end) : end;
  const segments = marked(plain.slice(start, end), words);
  if (start > 0) segments.unshift({ text: "…", match: false });
  if (end < plain.length) segments.push({ text: "…", match: false });
  return segments;
}
