import { randomInt } from "node:crypto";
import { type ExpressionBuilder, sql } from "kysely";
import { slugWithSuffix } from "~/posts/slug.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import type { Db } from "../db/database.ts";
import { dialectOf } from "../db/dialect.ts";
import type { Database, PostStatus, RevisionKind, Role } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { recordActivity } from "../site/activity.ts";
import { recordTextImages } from "./post-images.ts";
import { dropPendingAutosaves, keepRevision } from "./revisions.ts";

export interface PostSummary {
  slug: string;
  title: string;
  /**
   * When the post first went public, which later edits never move (or, for a scheduled post,
   * when it will; for a draft never public, its last save).
   */
  publishedOn: Date;
  /** Null only for a draft saved before it had a cover. */
  cover: ImageInfo | null;
  /** The cover's description, its alt text ("" when none was given). */
  coverAlt: string;
  tags: string[];
}

/** A post's byline: the author's display name, and their handle when they have an author page. */
export interface Byline {
  name: string;
  handle: string | null;
}

export interface Post extends PostSummary {
  content: string;
  userId: string | null;
  status: PostStatus;
  hidden: boolean;
  /** Its author is suspended: the post is hidden until they are restored. */
  authorSuspended: boolean;
  /** Null for imported posts and authors with no display name. */
  byline: Byline | null;
  /** The last save: the version an editor works from. */
  savedAt: Date;
  /** When it first went public; null until then. */
  firstPublishedOn: Date | null;
  /** The last save that changed it while public; null when none has. */
  updatedOn: Date | null;
}

export interface PostInput {
  title: string;
  content: string;
  /** A draft may have none yet; publishing needs one (the form's schema). */
  coverImageId: string | null;
  coverAlt?: string;
  tags?: string[];
  /** Defaults to published. */
  status?: PostStatus;
  /** A moment to go public at, later than the save; none means at once. */
  publishAt?: Date | null;
}

export const pageSize = 12;

/** Suffixes are drawn from 0–999 first; each run of collisions widens the range tenfold. */
const drawsPerRange = 8;
const firstRange = 1000;

/**
 * The one rule for what the public may see: every public listing, feed, sitemap, tag page,
 * search and page filters with it, so a post that is not public appears nowhere. A scheduled
 * post is published with its publishedOn in the future: it appears when that moment passes.
 */
export function listedPublicly(eb: ExpressionBuilder<Database, "posts">) {
  return eb.and([
    eb("posts.status", "=", "published"),
    eb("posts.hiddenAt", "is", null),
    eb("posts.publishedOn", "<=", Date.now()),
    eb.not(
      eb.exists(
        eb
          .selectFrom("members")
          .select("members.userId")
          .whereRef("members.userId", "=", "posts.userId")
          .where("members.suspendedAt", "is not", null),
      ),
    ),
  ]);
}

/** Whether the public may read a post: `listedPublicly` for one post already read. */
export function isPublic(
  post: Pick<Post, "status" | "hidden" | "authorSuspended" | "publishedOn">,
  now = new Date(),
): boolean {
  return (
    post.status === "published" &&
    !post.hidden &&
    !post.authorSuspended &&
    post.publishedOn.getTime() <= now.getTime()
  );
}

/** Whether a post was saved to go public later and that moment has not come. */
export function isScheduled(post: Pick<Post, "status" | "publishedOn">, now = new Date()): boolean {
  return post.status === "published" && post.publishedOn.getTime() > now.getTime();
}

/**
 * Posts joined with their covers, selecting what a card shows (search.ts builds on it). Every
 * post the public sees has a cover; a draft may not have one yet.
 */
export function summaries(db: Db) {
  return db
    .selectFrom("posts")
    .leftJoin("images", "images.id", "posts.coverImageId")
    .select([
      "posts.slug",
      "posts.title",
      "posts.publishedOn",
      "images.id as coverId",
      "images.width as coverWidth",
      "images.height as coverHeight",
      "images.fallback as coverFallback",
      "posts.coverAlt",
    ]);
}

type SummaryRow = {
  slug: string;
  title: string;
  publishedOn: number;
  coverId: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  coverFallback: ImageInfo["fallback"] | null;
  coverAlt: string;
};

type PostRow = SummaryRow & {
  content: string;
  userId: string | null;
  status: PostStatus;
  hiddenAt: number | null;
  authorSuspendedAt: number | null;
  authorName: string | null;
  authorHandle: string | null;
  savedAt: number;
  firstPublishedOn: number | null;
  updatedOn: number | null;
};

const dateOrNull = (millis: number | null) => (millis === null ? null : new Date(Number(millis)));

function toPost(row: PostRow, tags: string[]): Post {
  return {
    ...toSummary(row, tags),
    content: row.content,
    userId: row.userId,
    status: row.status,
    hidden: row.hiddenAt !== null,
    authorSuspended: row.authorSuspendedAt !== null,
    byline: row.authorName ? { name: row.authorName, handle: row.authorHandle } : null,
    savedAt: new Date(Number(row.savedAt)),
    firstPublishedOn: dateOrNull(row.firstPublishedOn),
    updatedOn: dateOrNull(row.updatedOn),
  };
}

/** Summaries with what a whole post adds: content, standing and byline. */
function fullPosts(db: Db) {
  return summaries(db)
    .leftJoin("members", "members.userId", "posts.userId")
    .select([
      "posts.content",
      "posts.userId",
      "posts.status",
      "posts.hiddenAt",
      "members.suspendedAt as authorSuspendedAt",
      "members.displayName as authorName",
      "members.handle as authorHandle",
      "posts.savedAt",
      "posts.firstPublishedOn",
      "posts.updatedOn",
    ]);
}

function toSummary(row: SummaryRow, tags: string[]): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    publishedOn: new Date(Number(row.publishedOn)),
    cover:
      row.coverId === null
        ? null
        : {
            id: row.coverId,
            width: Number(row.coverWidth),
            height: Number(row.coverHeight),
            fallback: row.coverFallback ?? "jpeg",
          },
    coverAlt: row.coverAlt,
    tags,
  };
}

/** The tags of each of these posts, alphabetically (one query for a page of cards). */
async function tagsOf(db: Db, slugs: string[]): Promise<Map<string, string[]>> {
  const bySlug = new Map<string, string[]>(slugs.map((slug) => [slug, []]));
  if (slugs.length === 0) return bySlug;
  const rows = await db
    .selectFrom("postTags")
    .select(["slug", "tag"])
    .where("slug", "in", slugs)
    .orderBy("tag")
    .execute();
  for (const row of rows) bySlug.get(row.slug)?.push(row.tag);
  return bySlug;
}

/** Rows made into summaries or posts with their tags (one query for the lot). */
async function withTagsOf<R extends SummaryRow, T>(
  db: Db,
  rows: R[],
  make: (row: R, tags: string[]) => T,
): Promise<T[]> {
  const tags = await tagsOf(
    db,
    rows.map((row) => row.slug),
  );
  return rows.map((row) => make(row, tags.get(row.slug) ?? []));
}

export function withTags(db: Db, rows: SummaryRow[]): Promise<PostSummary[]> {
  return withTagsOf(db, rows, toSummary);
}

/** One page of public posts, newest first (page numbers start at 1); an author's alone when given. */
export async function listPosts(db: Db, page: number, authorId?: string): Promise<PostSummary[]> {
  let query = summaries(db).where(listedPublicly);
  if (authorId) query = query.where("posts.userId", "=", authorId);
  return withTags(db, await onePage(query, page).execute());
}

/** Page `page` of a listing, newest first (the slug breaks ties so pages never overlap). */
function onePage<Q extends ReturnType<typeof summaries>>(query: Q, page: number) {
  return query
    .orderBy("posts.publishedOn", "desc")
    .orderBy("posts.slug")
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** One page of the public posts carrying a tag, newest first. */
export async function listPostsTagged(db: Db, tag: string, page: number): Promise<PostSummary[]> {
  const tagged = summaries(db)
    .where("posts.slug", "in", (eb) =>
      eb.selectFrom("postTags").select("postTags.slug").where("postTags.tag", "=", tag),
    )
    .where(listedPublicly);
  return withTags(db, await onePage(tagged, page).execute());
}

/** How many public posts carry a tag (none: the tag has no page). */
export async function countPostsTagged(db: Db, tag: string): Promise<number> {
  const { count } = await db
    .selectFrom("posts")
    .innerJoin("postTags", "postTags.slug", "posts.slug")
    .where("postTags.tag", "=", tag)
    .where(listedPublicly)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The tags public posts carry, the most used first, a range at a time (the sitemap). */
export async function publicTags(
  db: Db,
  range: { offset: number; limit: number },
): Promise<{ tag: string; newest: Date }[]> {
  const rows = await db
    .selectFrom("postTags")
    .innerJoin("posts", "posts.slug", "postTags.slug")
    .where(listedPublicly)
    .groupBy("postTags.tag")
    .select((eb) => [
      "postTags.tag",
      eb.fn.max("posts.publishedOn").as("newest"),
      eb.fn.countAll<number>().as("uses"),
    ])
    .orderBy("uses", "desc")
    .orderBy("postTags.tag")
    .offset(range.offset)
    .limit(range.limit)
    .execute();
  return rows.map((row) => ({ tag: row.tag, newest: new Date(Number(row.newest)) }));
}

/** How many of the newest public posts the editor's tag suggestions are drawn from. */
const suggestionWindow = 2000;

/**
 * The tags the editor suggests: those most used on the newest public posts. Drawn from a
 * window of posts, not all of them, so opening the editor costs the same however many there are.
 */
export async function tagSuggestions(db: Db): Promise<string[]> {
  const newest = db
    .selectFrom("posts")
    .select("posts.slug")
    .where(listedPublicly)
    .orderBy("posts.publishedOn", "desc")
    // A literal, not a parameter: PostgreSQL plans a prepared statement without knowing its
    // parameters, and for an unknown limit it would read every post.
    .limit(sql.lit(suggestionWindow));
  // PostgreSQL, matching the window's tags by a join or `in`, estimates a read of every tag of
  // every post as cheaper; a lateral lookup (kept apart by `offset 0`) goes post by post
  // through the key. SQLite has no lateral joins and goes through the key by itself.
  const tagged =
    dialectOf(db) === "postgres"
      ? db
          .selectFrom(newest.as("newest"))
          .innerJoinLateral(
            (eb) =>
              eb
                .selectFrom("postTags")
                .select("postTags.tag")
                .whereRef("postTags.slug", "=", "newest.slug")
                .offset(0)
                .as("lookup"),
            (join) => join.onTrue(),
          )
          .select("lookup.tag")
      : db.selectFrom("postTags").where("postTags.slug", "in", newest).select("postTags.tag");
  const rows = await db
    .selectFrom(tagged.as("tagged"))
    .groupBy("tagged.tag")
    .select((eb) => ["tagged.tag", eb.fn.countAll<number>().as("uses")])
    .orderBy("uses", "desc")
    .orderBy("tagged.tag")
    .limit(200)
    .execute();
  return rows.map(({ tag }) => tag);
}

/** How many tags have a page (the sitemap). */
export async function countPublicTags(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("postTags")
    .innerJoin("posts", "posts.slug", "postTags.slug")
    .where(listedPublicly)
    .select((eb) => eb.fn.count<number>("postTags.tag").distinct().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A user's own posts, whatever their standing, newest first (the dashboard, their data export). */
export async function listPostsByUser(db: Db, userId: string): Promise<Post[]> {
  const rows = await fullPosts(db)
    .where("posts.userId", "=", userId)
    .orderBy("posts.publishedOn", "desc")
    .orderBy("posts.slug")
    .execute();
  return withTagsOf(db, rows, toPost);
}

/** When a post last changed for its readers: its update, or its publication. */
export function lastChanged(post: Pick<Post, "publishedOn" | "updatedOn">): Date {
  return post.updatedOn ?? post.publishedOn;
}

/** Posts' slugs and dates, newest first, a range at a time (the sitemap). */
export async function listPostDates(
  db: Db,
  range: { offset: number; limit: number },
): Promise<{ slug: string; publishedOn: Date; updatedOn: Date | null }[]> {
  const rows = await db
    .selectFrom("posts")
    .select(["slug", "publishedOn", "updatedOn"])
    .where(listedPublicly)
    .orderBy("publishedOn", "desc")
    .orderBy("slug")
    .offset(range.offset)
    .limit(range.limit)
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    publishedOn: new Date(Number(row.publishedOn)),
    updatedOn: dateOrNull(row.updatedOn),
  }));
}

/** The newest public posts with their content, or those carrying a tag (the feeds). */
export async function latestPosts(db: Db, count: number, tag?: string): Promise<Post[]> {
  let query = fullPosts(db).where(listedPublicly);
  if (tag !== undefined)
    query = query.where("posts.slug", "in", (eb) =>
      eb.selectFrom("postTags").select("postTags.slug").where("postTags.tag", "=", tag),
    );
  const rows = await query.orderBy("posts.publishedOn", "desc").orderBy("posts.slug").limit(count).execute();
  return withTagsOf(db, rows, toPost);
}

/** How many posts the public can see (pagination, the sitemap); an author's alone when given. */
export async function countPosts(db: Db, authorId?: string): Promise<number> {
  let query = db.selectFrom("posts").where(listedPublicly);
  if (authorId) query = query.where("posts.userId", "=", authorId);
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function getPost(db: Db, slug: string): Promise<Post | undefined> {
  const row = await fullPosts(db).where("posts.slug", "=", slug).executeTakeFirst();
  return row && toPost(row, (await tagsOf(db, [slug])).get(slug) ?? []);
}

/** Room for the count of passed schedules below the written version (2^20 of them). */
const scheduleCountSpan = 1_048_576;

/**
 * The number page caches key on: it changes whenever any post is written, and whenever a
 * scheduled post's moment passes — with no write then, every instance sees the count of passed
 * `publishAt` moments grow at its next read (an index range, cheap). The pair is packed into
 * one number: a write and a passed moment never add up to the same key.
 */
export async function contentVersion(db: Db, now: Date = new Date()): Promise<number> {
  const [row, passed] = await Promise.all([
    db.selectFrom("contentVersion").select("version").where("id", "=", 1).executeTakeFirstOrThrow(),
    db
      .selectFrom("posts")
      .where("publishAt", "<=", now.getTime())
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(row.version) * scheduleCountSpan + (Number(passed.count) % scheduleCountSpan);
}

/** Every change to what the public sees bumps it, so that cached pages change everywhere. */
export async function bumpContentVersion(trx: Db): Promise<void> {
  await trx
    .updateTable("contentVersion")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

export interface CreateOptions {
  now?: Date;
  /** The id of the form sent: sending the same form again returns the first post's slug. */
  submissionId?: string;
}

/** Creates a post under a fresh slug; never overwrites another post. */
export async function createPost(
  db: Db,
  input: PostInput,
  userId: string | null,
  { now = new Date(), submissionId }: CreateOptions = {},
): Promise<string> {
  return inTransaction(db, async (trx) => {
    for (let range = firstRange; ; range *= 10) {
      for (let draw = 0; draw < drawsPerRange; draw++) {
        const slug = slugWithSuffix(input.title, randomInt(0, range));
        const { numInsertedOrUpdatedRows } = await trx
          .insertInto("posts")
          .values({
            ...postColumns(input, now, null),
            slug,
            userId,
            submissionId: submissionId ?? null,
            savedAt: now.getTime(),
            updatedOn: null,
          })
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirstOrThrow();
        if (numInsertedOrUpdatedRows === 1n) {
          await setTags(trx, slug, input.tags ?? []);
          await recordTextImages(trx, slug, input.content, userId ? [userId] : [], now.getTime());
          await keepRevision(trx, slug, { kind: "save", savedBy: userId });
          await bumpContentVersion(trx);
          return slug;
        }
        const earlier = submissionId && (await postBySubmission(trx, submissionId));
        if (earlier) return earlier;
      }
    }
  });
}

async function postBySubmission(db: Db, submissionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("posts")
    .select("slug")
    .where("submissionId", "=", submissionId)
    .executeTakeFirst();
  return row?.slug;
}

/**
 * The stored columns for a save at `now`. A post that has been public keeps the date it first
 * went public (and cannot be scheduled again); any other is dated with its save, or with its
 * moment when scheduled, and goes public now when published without one.
 */
function postColumns(input: PostInput, now: Date, firstPublishedOn: number | null) {
  const status = input.status ?? "published";
  const publishAt = firstPublishedOn === null ? (input.publishAt?.getTime() ?? null) : null;
  const publishedNow = status === "published" && publishAt === null;
  const firstPublic = firstPublishedOn ?? (publishedNow ? now.getTime() : null);
  return {
    title: input.title,
    content: input.content,
    coverImageId: input.coverImageId,
    coverAlt: input.coverAlt ?? "",
    status,
    publishAt,
    publishedOn: firstPublic ?? publishAt ?? now.getTime(),
    firstPublishedOn: firstPublic,
  };
}

/** When a post stored with these values first went public by `now` (null: it has not yet). */
function wentPublicBy(
  row: { status: PostStatus; publishedOn: number; firstPublishedOn: number | null },
  now: number,
): number | null {
  if (row.firstPublishedOn !== null) return Number(row.firstPublishedOn);
  return row.status === "published" && Number(row.publishedOn) <= now ? Number(row.publishedOn) : null;
}

/** Whether a post has been public (its date is fixed, and it can no longer be scheduled). */
export function hasBeenPublic(
  post: Pick<Post, "status" | "publishedOn" | "firstPublishedOn">,
  now = new Date(),
) {
  return (
    wentPublicBy(
      {
        status: post.status,
        publishedOn: post.publishedOn.getTime(),
        firstPublishedOn: post.firstPublishedOn?.getTime() ?? null,
      },
      now.getTime(),
    ) !== null
  );
}

async function setTags(trx: Db, slug: string, tags: string[]): Promise<void> {
  await trx.deleteFrom("postTags").where("slug", "=", slug).execute();
  if (tags.length > 0)
    await trx
      .insertInto("postTags")
      .values(tags.map((tag) => ({ slug, tag })))
      .execute();
}

export interface UpdateOptions {
  now?: Date;
  /** Who saves: recorded on the revision (an owner editing keeps the author's byline). */
  savedBy?: string | null;
  /** The post's `savedAt` the editor started from: when it has changed since, nothing is saved. */
  basedOn?: number;
  /** "autosave": the editor saving a draft by itself (decision 038); a run of them is kept as one revision. */
  kind?: RevisionKind;
}

/** What a save did: saved, found no such post, or found it changed since the editor opened it. */
export type UpdateOutcome = "saved" | "missing" | "changed";

/**
 * Saves new title, content, cover, tags and standing, and keeps the result as a revision; the
 * slug, the author and the date it first went public never change. A change to what a public
 * post shows dates it `updatedOn`.
 */
export async function updatePost(
  db: Db,
  slug: string,
  input: PostInput,
  { now = new Date(), savedBy = null, basedOn, kind = "save" }: UpdateOptions = {},
): Promise<UpdateOutcome> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom("posts")
      .select([
        "userId",
        "title",
        "content",
        "coverImageId",
        "coverAlt",
        "status",
        "publishedOn",
        "firstPublishedOn",
        "savedAt",
      ])
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (!current) return "missing";
    const savedBefore = Number(current.savedAt);
    if (basedOn !== undefined && basedOn !== savedBefore) return "changed";
    const firstPublic = wentPublicBy(current, now.getTime());
    const columns = postColumns(input, now, firstPublic);
    const tags = input.tags ?? [];
    // Published again after a spell off the site, or changed while on it.
    const shownChange =
      columns.status === "published" &&
      firstPublic !== null &&
      (current.status !== "published" ||
        current.title !== columns.title ||
        current.content !== columns.content ||
        current.coverImageId !== columns.coverImageId ||
        current.coverAlt !== columns.coverAlt ||
        [...((await tagsOf(trx, [slug])).get(slug) ?? [])].sort().join() !== [...tags].sort().join());
    const savedAt = savedAtAfter(now, savedBefore);
    const result = await trx
      .updateTable("posts")
      .set({ ...columns, savedAt, ...(shownChange ? { updatedOn: now.getTime() } : {}) })
      .where("slug", "=", slug)
      .where("savedAt", "=", savedBefore)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return "changed";
    await releaseCover(trx, now.getTime(), input.coverImageId, current.coverImageId);
    // The author's images, and the editor's own, may be shown in the text.
    const uploaders = [current.userId, savedBy].filter((id): id is string => id !== null);
    await recordTextImages(trx, slug, input.content, uploaders, now.getTime());
    // Published (or sent for review) at once: its preview link has done its work.
    if (columns.status !== "draft" && columns.publishAt === null) await endPreviewLink(trx, slug);
    await setTags(trx, slug, tags);
    // Work kept while the post was not a draft is superseded by this save.
    await dropPendingAutosaves(trx, slug, savedBefore);
    await keepRevision(trx, slug, { kind, savedBy });
    // A draft saved by the editor on its own, still a draft, changes nothing the public sees.
    if (!(kind === "autosave" && current.status === "draft" && columns.status === "draft"))
      await bumpContentVersion(trx);
    return "saved";
  });
}

/** A save's version: later than the last save even when the clock is not, so every save is a new one. */
export function savedAtAfter(now: Date, savedBefore: number): number {
  return Math.max(now.getTime(), savedBefore + 1);
}

/**
 * An edit from the editor by its author or an owner: saved as `updatePost` does, and logged
 * for the owners when the editor is not the author (the byline stays the author's).
 */
export async function saveEdit(
  db: Db,
  post: Pick<Post, "slug" | "title" | "userId">,
  input: PostInput,
  editor: { id: string; email: string },
  options: Omit<UpdateOptions, "savedBy"> = {},
): Promise<UpdateOutcome> {
  return inTransaction(db, async (trx) => {
    const outcome = await updatePost(trx, post.slug, input, { ...options, savedBy: editor.id });
    // The editor saving a draft on its own is not logged each time: its revision says who.
    if (outcome === "saved" && post.userId !== editor.id && options.kind !== "autosave")
      await recordActivity(trx, editor, "edited post", input.title);
    return outcome;
  });
}

/** What restoring a revision did, beyond a save's outcomes. */
export type RestoreOutcome = UpdateOutcome | "no such revision" | "incomplete";

/**
 * Makes a revision the post's current version, as a new revision (SPEC §14). The post keeps
 * its standing (`status`, decided as for a save) and its schedule; a revision lacking the
 * content or cover that standing needs is refused.
 */
export async function restoreRevision(
  db: Db,
  post: Post,
  revisionId: number,
  editor: { id: string; email: string },
  { status, basedOn }: { status: PostStatus; basedOn?: number },
): Promise<RestoreOutcome> {
  const revision = await db
    .selectFrom("postRevisions")
    .selectAll()
    .where("id", "=", revisionId)
    .where("slug", "=", post.slug)
    // A pending autosave (decision 038) is offered in the editor, not restored from here.
    .where((eb) => eb.or([eb("kind", "<>", "autosave"), eb("savedAt", "<=", post.savedAt.getTime())]))
    .executeTakeFirst();
  if (!revision) return "no such revision";
  // A cover replaced long ago may have been swept since (unused-images.ts): then it has none.
  const cover =
    revision.coverImageId === null
      ? undefined
      : await db.selectFrom("images").select("id").where("id", "=", revision.coverImageId).executeTakeFirst();
  if (status !== "draft" && (!cover || revision.content.trim() === "")) return "incomplete";
  const input: PostInput = {
    title: revision.title,
    content: revision.content,
    coverImageId: cover?.id ?? null,
    coverAlt: revision.coverAlt,
    tags: revision.tags === "" ? [] : revision.tags.split(", "),
    status,
    publishAt: isScheduled(post) ? post.publishedOn : null,
  };
  return saveEdit(db, post, input, editor, { basedOn, kind: "restore" });
}

export async function deletePost(db: Db, slug: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const post = await trx
      .selectFrom("posts")
      .select("coverImageId")
      .where("slug", "=", slug)
      .executeTakeFirst();
    await releaseCover(trx, Date.now(), null, post?.coverImageId ?? null);
    await recordTextImages(trx, slug, "", [], Date.now());
    const result = await trx.deleteFrom("posts").where("slug", "=", slug).executeTakeFirst();
    if (result.numDeletedRows !== 1n) return false;
    await bumpContentVersion(trx);
    return true;
  });
}

/**
 * Notes when a post stops using its cover (replaced, or the post deleted): an image no post
 * uses is removed once the grace period has passed since then (unused-images.ts).
 */
async function releaseCover(
  trx: Db,
  now: number,
  keptCoverId: string | null,
  formerCoverId: string | null,
): Promise<void> {
  if (formerCoverId === null || formerCoverId === keptCoverId) return;
  await trx.updateTable("images").set({ releasedAt: now }).where("id", "=", formerCoverId).execute();
}

/**
 * Who may change a post, and read it while the public may not: its author and the owners (an
 * owner's edit keeps the author's byline).
 */
export function mayEdit(post: Pick<Post, "userId">, user: { id: string; role: Role }): boolean {
  return post.userId === user.id || user.role === "owner";
}

/** Hides a post from the public, or shows it again; false when there is no such post. */
export async function setHidden(db: Db, slug: string, hidden: boolean): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("posts")
      .set({ hiddenAt: hidden ? Date.now() : null })
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await bumpContentVersion(trx);
    return true;
  });
}

/**
 * Publishes a post awaiting review, dated now or, when it was scheduled for later, at its
 * moment; false when it was not awaiting review.
 */
export async function approvePost(db: Db, slug: string, now = new Date()): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const waiting = await trx
      .selectFrom("posts")
      .select(["publishAt", "firstPublishedOn"])
      .where("slug", "=", slug)
      .where("status", "=", "review")
      .executeTakeFirst();
    if (!waiting) return false;
    const publishAt = waiting.publishAt !== null ? Number(waiting.publishAt) : null;
    const firstPublic = waiting.firstPublishedOn !== null ? Number(waiting.firstPublishedOn) : null;
    const publishedOn = firstPublic ?? Math.max(publishAt ?? 0, now.getTime());
    const result = await trx
      .updateTable("posts")
      .set({
        status: "published",
        publishedOn,
        // An approved edit of a post already public is an update of it.
        ...(firstPublic === null
          ? { firstPublishedOn: publishedOn <= now.getTime() ? publishedOn : null }
          : { updatedOn: now.getTime() }),
      })
      .where("slug", "=", slug)
      .where("status", "=", "review")
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    if (publishedOn <= now.getTime()) await endPreviewLink(trx, slug);
    await bumpContentVersion(trx);
    return true;
  });
}

/**
 * Ends a post's preview link (preview-links.ts), if it has one: revoked, or the post published
 * (the blog shows it now); deleting the post deletes it too.
 */
export async function endPreviewLink(db: Db, slug: string): Promise<void> {
  await db.deleteFrom("previewLinks").where("slug", "=", slug).execute();
}

/** Where a post stands, as the manage area and the dashboard say it. */
export function standing(post: Pick<Post, "status" | "hidden" | "authorSuspended">): string {
  if (post.hidden) return "Hidden";
  if (post.authorSuspended) return "Author suspended";
  return { published: "Published", draft: "Draft", review: "Awaiting review" }[post.status];
}

export interface ManagedPost extends PostSummary {
  status: PostStatus;
  hidden: boolean;
  authorSuspended: boolean;
  authorEmail: string | null;
  authorName: string | null;
}

/** Every post, newest first, a page at a time, with its author (the manage area). */
export async function listAllPosts(db: Db, page: number, perPage: number): Promise<ManagedPost[]> {
  const rows = await summaries(db)
    .leftJoin("members", "members.userId", "posts.userId")
    .select([
      "posts.status",
      "posts.hiddenAt",
      "members.suspendedAt",
      "members.displayName",
      // better-auth's table, outside our schema's types.
      sql<string | null>`(select "email" from "user" where "user"."id" = "posts"."userId")`.as("email"),
    ])
    .orderBy("posts.publishedOn", "desc")
    .orderBy("posts.slug")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return withTagsOf(db, rows, (row, tags) => ({
    ...toSummary(row, tags),
    status: row.status,
    hidden: row.hiddenAt !== null,
    authorSuspended: row.suspendedAt != null,
    authorEmail: row.email,
    authorName: row.displayName,
  }));
}

/** Every post, whatever its standing (the manage area's pages). */
export async function countAllPosts(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
