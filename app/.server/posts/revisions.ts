import { diffWordsWithSpace } from "diff";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { PostStatus, RevisionKind } from "../db/schema.ts";

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
  /** Who saved it: their display name, or their e-mail address when they have none. */
  savedByName: string | null;
}

/**
 * Keeps the post as it now stands as a revision, in the transaction of the save that made it,
 * and lets the oldest go beyond the last `revisionsKept`.
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
  await trx
    .insertInto("postRevisions")
    .values({
      slug,
      ...post,
      savedAt: Number(post.savedAt),
      tags: tags
        .map(({ tag }) => tag)
        .sort()
        .join(", "),
      kind,
      savedBy,
    })
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

/** A post's revisions, newest first, with who saved each. */
export async function listRevisions(db: Db, slug: string): Promise<Revision[]> {
  const rows = await db
    .selectFrom("postRevisions")
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
    .orderBy("postRevisions.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    content: row.content,
    coverImageId: row.coverImageId,
    coverAlt: row.coverAlt,
    tags: row.tags === "" ? [] : row.tags.split(", "),
    status: row.status,
    kind: row.kind,
    savedAt: new Date(Number(row.savedAt)),
    savedByName: row.displayName ?? row.email,
  }));
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
