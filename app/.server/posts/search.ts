import { sql } from "kysely";
import { excerpt } from "~/posts/markdown.ts";
import { searchLimits } from "~/posts/search-limits.ts";
import type { Db } from "../db/database.ts";
import { dialectOf } from "../db/dialect.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
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

/** Counts a search from this address: the refusal's words when over the limit, else null. */
export async function searchRefusal(db: Db, clientAddress: string): Promise<string | null> {
  const admission = await admitTo(db, [limits.searchesPerAddress(clientAddress)]);
  return admission.allowed ? null : throttleMessages.searches(admission.waitSeconds);
}

/** A run of text, marked where it matches the query. */
export type Segment = { text: string; match: boolean };

export interface SearchResult extends PostSummary {
  titleSegments: Segment[];
  excerpt: Segment[];
}

/** The newest matches considered: beyond them a search is ranked by recency (decision 024). */
export const rankedMatches = 200;

type Candidate = { slug: string; publishedOn: number; rank: number };

/**
 * A word of one or two letters or digits finds only itself: as a beginning it would stand
 * for a good part of every word the posts hold, and eight of them would hold a thread for
 * a second (decision 034). Longer words find the words they begin too.
 */
const isPrefix = (word: string) => [...word].length > 2;

/**
 * The newest public posts matching every word (each word of three or more characters matches
 * itself and the longer words it begins: "garden" finds "gardens"), at most `rankedMatches` + 1 of them, with the index's
 * relevance (lower is better; a title match weighs more). SQLite: an FTS5 query of quoted
 * prefixes, read newest first from the index; PostgreSQL: the same prefixes as a tsquery.
 */
async function candidates(db: Db, words: string[]): Promise<Candidate[]> {
  if (dialectOf(db) === "postgres") {
    const tsquery = sql`to_tsquery('simple', ${words.map((word) => (isPrefix(word) ? `${word}:*` : word)).join(" & ")})`;
    return db
      .selectFrom("posts")
      .where(sql<boolean>`"searchDocument" @@ ${tsquery}`)
      .where(listedPublicly)
      .select([
        "posts.slug",
        "posts.publishedOn",
        sql<number>`-ts_rank("searchDocument", ${tsquery})`.as("rank"),
      ])
      .orderBy("posts.publishedOn", "desc")
      .limit(rankedMatches + 1)
      .execute();
  }
  const fts = words.map((word) => (isPrefix(word) ? `"${word}"*` : `"${word}"`)).join(" ");
  // A CROSS JOIN keeps the index first: SQLite must not scan every post and probe the index.
  return db
    .selectFrom("postSearch")
    .crossJoin("postSearchRows")
    .crossJoin("posts")
    .whereRef("postSearchRows.id", "=", sql.ref("postSearch.rowid"))
    .whereRef("posts.slug", "=", "postSearchRows.slug")
    .where(sql<boolean>`"postSearch" match ${fts}`)
    .where(listedPublicly)
    .select(["posts.slug", "posts.publishedOn", sql<number>`bm25("postSearch", 10.0, 1.0)`.as("rank")])
    .orderBy(sql`"postSearch".rowid`, "desc")
    .limit(rankedMatches + 1)
    .execute();
}

/** One page of the public posts matching the words, best first, and how many match. */
export async function searchPosts(
  db: Db,
  words: string[],
  page: number,
): Promise<{ total: number; more: boolean; results: SearchResult[] }> {
  if (words.length === 0) return { total: 0, more: false, results: [] };
  const found = await candidates(db, words);
  const more = found.length > rankedMatches;
  // Ranked here, the same way on both databases: relevance, then newest, then slug.
  const ranked = found
    .slice(0, rankedMatches)
    .map((c) => ({ ...c, rank: Number(c.rank), publishedOn: Number(c.publishedOn) }))
    .sort((a, b) => a.rank - b.rank || b.publishedOn - a.publishedOn || (a.slug < b.slug ? -1 : 1));
  const slugs = ranked.slice((page - 1) * pageSize, page * pageSize).map((c) => c.slug);
  if (slugs.length === 0) return { total: ranked.length, more, results: [] };
  const rows = await summaries(db)
    .select(["posts.content", "posts.savedAt"])
    .where("posts.slug", "in", slugs)
    .execute();
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const ordered = slugs.flatMap((slug) => bySlug.get(slug) ?? []);
  const posts = await withTags(db, ordered);
  return {
    total: ranked.length,
    more,
    results: posts.map((post, i) => {
      const row = ordered[i];
      const text = excerpt(
        renderedContent({ ...post, content: row?.content ?? "", savedAt: new Date(Number(row?.savedAt)) }),
        Number.MAX_SAFE_INTEGER,
      );
      return { ...post, titleSegments: marked(post.title, words), excerpt: excerptAround(text, words) };
    }),
  };
}

const excerptLength = 240;

/** Where the words occur: each at the start of a word, running to its end (as the index finds them). */
function wordMatcher(words: string[]): RegExp {
  const beginnings = words.filter(isPrefix);
  const whole = words.filter((word) => !isPrefix(word));
  const either = [
    ...(beginnings.length > 0 ? [`(?:${beginnings.join("|")})[\\p{L}\\p{N}]*`] : []),
    ...(whole.length > 0 ? [`(?:${whole.join("|")})(?![\\p{L}\\p{N}])`] : []),
  ];
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${either.join("|")})`, "giu");
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
