import { diffWordsWithSpace } from "diff";
import { type ExpressionBuilder, type Insertable, sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { Database, PostRevisionsTable, PostStatus, RevisionKind } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { recordTextImages } from "./post-images.ts";

/** How many revisions a post keeps: older ones go as new ones come. */
export const revisionsKept = 50;

export interface Revision {
  id: number;
  title: string;
  content: string;
  coverImageId: string | null;
  coverAlt: string;
  tags: string[];
  status: PostStatus;
  kind: RevisionKind;
  savedAt: Date;
  /** Who saved it (their id), and their display name, or their e-mail address when they have none. */
  savedBy: string | null;
  savedByName: string | null;
}

/**
 * Keeps the post as it now stands as a revision, in the transaction of the save that made it,
 * and lets the oldest go beyond the last `revisionsKept`. A run of autosaves by one person is
 * kept as one revision, its latest: each replaces the one before it.
 */
export async function keepRevision(
  trx: Db,
  slug: string,
  { kind, savedBy }: { kind: RevisionKind; savedBy: string | null },
): Promise<void> {
  const post = await trx
    .selectFrom("posts")
    .select(["title", "content", "coverImageId", "coverAlt", "status", "savedAt"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  const tags = await trx.selectFrom("postTags").select("tag").where("slug", "=", slug).execute();
  if (kind === "autosave") {
    const newest = await trx
      .selectFrom("postRevisions")
      .select(["id", "kind", "savedBy"])
      .where("slug", "=", slug)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (newest?.kind === "autosave" && newest.savedBy === savedBy)
      await trx.deleteFrom("postRevisions").where("id", "=", newest.id).execute();
  }
  await insertRevision(trx, slug, {
    ...post,
    savedAt: Number(post.savedAt),
    tags: tags.map(({ tag }) => tag),
    kind,
    savedBy,
  });
}

/** A revision's stored columns, its tags still a list. */
type RevisionValues = Omit<Insertable<PostRevisionsTable>, "slug" | "tags"> & { tags: string[] };

async function insertRevision(trx: Db, slug: string, values: RevisionValues): Promise<void> {
  await trx
    .insertInto("postRevisions")
    .values({ ...values, slug, tags: [...values.tags].sort().join(", ") })
    .execute();
  await trx
    .deleteFrom("postRevisions")
    .where("slug", "=", slug)
    .where("id", "<", (eb) =>
      eb
        .selectFrom("postRevisions")
        .select("id")
        .where("slug", "=", slug)
        .orderBy("id", "desc")
        .offset(revisionsKept - 1)
        .limit(1),
    )
    .execute();
}

/**
 * Whether a revision is a pending autosave: work on a post that is not a draft, kept after its
 * last save and not public (decision 038). A draft's autosaves are saves of the draft itself,
 * dated as the post is.
 */
function pending(eb: ExpressionBuilder<Database, "postRevisions" | "posts">) {
  return eb.and([
    eb("postRevisions.kind", "=", "autosave"),
    eb("postRevisions.savedAt", ">", eb.ref("posts.savedAt")),
  ]);
}

/** The post's pending autosave, if it has one. */
export async function pendingAutosave(db: Db, slug: string): Promise<Revision | undefined> {
  const [revision] = await revisionsOf(db, slug, "pending");
  return revision;
}

/** What an autosave of a post that is not a draft did: kept (and when), or found other work in the way. */
export type PendingOutcome = { outcome: "saved"; savedAt: number } | { outcome: "changed" | "missing" };

/**
 * Keeps the editor's work on a post that is not a draft as its pending autosave, never touching
 * the post itself. `basedOn` is the post's version the editor started from, `pendingAt` the
 * pending autosave it knows (its own last one, or the one it restored): when the post was saved
 * since, or someone else's autosave came in between, nothing is kept. The post's row is locked
 * first, so of two autosaves at once the second sees the first's.
 */
export async function keepPendingAutosave(
  db: Db,
  slug: string,
  work: Omit<RevisionValues, "kind" | "savedAt" | "status">,
  { basedOn, pendingAt, now = Date.now() }: { basedOn: number; pendingAt: number | null; now?: number },
): Promise<PendingOutcome> {
  return inTransaction(db, async (trx) => {
    const post = await trx
      .updateTable("posts")
      .set((eb) => ({ savedAt: eb.ref("savedAt") }))
      .where("slug", "=", slug)
      .where("savedAt", "=", basedOn)
      .returning(["status", "userId"])
      .executeTakeFirst();
    if (!post) {
      const exists = await trx.selectFrom("posts").select("slug").where("slug", "=", slug).executeTakeFirst();
      return { outcome: exists ? "changed" : "missing" };
    }
    const current = await pendingAutosave(trx, slug);
    if (current && current.savedAt.getTime() !== pendingAt) return { outcome: "changed" };
    await dropPendingAutosaves(trx, slug, basedOn);
    const savedAt = Math.max(now, basedOn + 1, (current?.savedAt.getTime() ?? 0) + 1);
    await insertRevision(trx, slug, { ...work, status: post.status, kind: "autosave", savedAt });
    // Its images are kept from the sweep until a save of the post decides (post-images.ts).
    const uploaders = [post.userId, work.savedBy].filter((id): id is string => Boolean(id));
    await recordTextImages(trx, slug, work.content, uploaders, now, { addOnly: true });
    return { outcome: "saved", savedAt };
  });
}

/**
 * Drops a post's pending autosaves: a save of the post supersedes them (`updatePost`), and a
 * writer may discard one (`pendingAt`: only that one).
 */
export async function dropPendingAutosaves(
  trx: Db,
  slug: string,
  savedBefore: number,
  pendingAt?: number,
): Promise<void> {
  let query = trx
    .deleteFrom("postRevisions")
    .where("slug", "=", slug)
    .where("kind", "=", "autosave")
    .where("savedAt", ">", savedBefore);
  if (pendingAt !== undefined) query = query.where("savedAt", "=", pendingAt);
  await query.execute();
}

/** A post's revisions, newest first, with who saved each; its pending autosave is not one of them. */
export function listRevisions(db: Db, slug: string): Promise<Revision[]> {
  return revisionsOf(db, slug, "kept");
}

/** A post's kept revisions, or its pending autosave (decision 038). */
function revisionsOf(db: Db, slug: string, which: "kept" | "pending"): Promise<Revision[]> {
  return db
    .selectFrom("postRevisions")
    .innerJoin("posts", "posts.slug", "postRevisions.slug")
    .leftJoin("members", "members.userId", "postRevisions.savedBy")
    .selectAll("postRevisions")
    .select([
      "members.displayName",
      // better-auth's table, outside our schema's types.
      sql<string | null>`(select "email" from "user" where "user"."id" = "postRevisions"."savedBy")`.as(
        "email",
      ),
    ])
    .where("postRevisions.slug", "=", slug)
    .where((eb) => (which === "pending" ? pending(eb) : eb.not(pending(eb))))
    .orderBy("postRevisions.id", "desc")
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        id: Number(row.id),
        title: row.title,
        content: row.content,
        coverImageId: row.coverImageId,
        coverAlt: row.coverAlt,
        tags: row.tags === "" ? [] : row.tags.split(", "),
        status: row.status,
        kind: row.kind,
        savedAt: new Date(Number(row.savedAt)),
        savedBy: row.savedBy,
        savedByName: row.displayName ?? row.email,
      })),
    );
}

/** One piece of a comparison: words both versions have, or only the older or the newer. */
export interface DiffPart {
  text: string;
  change: "same" | "removed" | "added";
}

/** What changed from one version of a text to another, word by word (the `diff` library). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((part) => ({
    text: part.value,
    change: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}
