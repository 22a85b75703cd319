import type { AutosaveAnswer, OtherVersion, PendingWork, Versions } from "~/posts/versions.ts";
import type { Db } from "../db/database.ts";
import { createPost, getPost, type Post, type PostInput, savedAtAfter, saveEdit } from "./posts.ts";
import { keepPendingAutosave, pendingAutosave } from "./revisions.ts";

/**
 * The editor saving the writer's work on its own (decision 038): into the draft itself for a
 * draft, into a pending autosave (a revision the public never sees) for any other post. Either
 * way it names the version it started from, so two tabs never silently overwrite each other.
 */

export type AutosaveReply = Exclude<AutosaveAnswer, { error: string }>;

/** The post as stored now, or its pending autosave when it has one: what a conflicting save met. */
export async function otherVersion(db: Db, slug: string): Promise<OtherVersion | undefined> {
  const [post, pending] = await Promise.all([getPost(db, slug), pendingAutosave(db, slug)]);
  if (!post) return undefined;
  const shown = pending ?? post;
  return {
    title: shown.title,
    content: shown.content,
    coverAlt: shown.coverAlt,
    tags: shown.tags,
    savedAt: (pending?.savedAt ?? post.savedAt).getTime(),
    savedBy: pending?.savedByName ?? null,
    basedOn: post.savedAt.getTime(),
    pendingAt: pending?.savedAt.getTime() ?? null,
  };
}

/**
 * The post's pending autosave as its editor offers it back to `readerId`: who saved it when it
 * is someone else, and its cover when it is another than the post's (and still kept).
 */
export async function pendingWork(db: Db, post: Post, readerId: string): Promise<PendingWork | undefined> {
  const pending = await pendingAutosave(db, post.slug);
  if (!pending) return undefined;
  const cover =
    pending.coverImageId === null || pending.coverImageId === post.cover?.id
      ? undefined
      : await db
          .selectFrom("images")
          .select(["id", "width", "height", "fallback"])
          .where("id", "=", pending.coverImageId)
          .executeTakeFirst();
  return {
    title: pending.title,
    content: pending.content,
    coverAlt: pending.coverAlt,
    tags: pending.tags,
    savedAt: pending.savedAt.getTime(),
    savedBy: pending.savedBy === readerId ? null : (pending.savedByName ?? "Someone"),
    cover: cover ? { ...cover, width: Number(cover.width), height: Number(cover.height) } : null,
  };
}

/** Autosaves an existing post: undefined when it is gone. */
export async function autosave(
  db: Db,
  post: Post,
  input: PostInput,
  editor: { id: string; email: string },
  { basedOn, pendingAt }: Versions,
  now = new Date(),
): Promise<AutosaveReply | undefined> {
  let saved: { savedAt: number; pendingAt: number | null } | undefined;
  if (post.status === "draft") {
    const outcome = await saveEdit(db, post, { ...input, status: "draft" }, editor, {
      basedOn,
      kind: "autosave",
      now,
    });
    if (outcome === "missing") return undefined;
    if (outcome === "saved") saved = { savedAt: savedAtAfter(now, basedOn), pendingAt: null };
    basedOn = saved?.savedAt ?? basedOn;
  } else {
    const outcome = await keepPendingAutosave(
      db,
      post.slug,
      {
        title: input.title,
        content: input.content,
        coverImageId: input.coverImageId,
        coverAlt: input.coverAlt ?? "",
        tags: input.tags ?? [],
        savedBy: editor.id,
      },
      { basedOn, pendingAt, now: now.getTime() },
    );
    if (outcome.outcome === "missing") return undefined;
    if (outcome.outcome === "saved") saved = { savedAt: outcome.savedAt, pendingAt: outcome.savedAt };
  }
  if (saved) return { saved: true, slug: post.slug, basedOn, ...saved };
  const conflict = await otherVersion(db, post.slug);
  return conflict && { saved: false, conflict };
}

/**
 * The first autosave of a new post makes it a draft (under the form's submission id, so the
 * same request sent again makes no second post); the editor then goes on with that draft.
 */
export async function autosaveNewPost(
  db: Db,
  input: PostInput,
  editor: { id: string; email: string },
  submissionId: string | undefined,
  now = new Date(),
): Promise<AutosaveReply | undefined> {
  const slug = await createPost(db, { ...input, status: "draft" }, editor.id, { submissionId, now });
  const post = await getPost(db, slug);
  if (!post) return undefined;
  // Made by an earlier sending of this form, whose answer was lost: this work goes into it.
  if (post.savedAt.getTime() !== now.getTime())
    return autosave(db, post, input, editor, { basedOn: post.savedAt.getTime(), pendingAt: null }, now);
  return {
    saved: true,
    slug,
    savedAt: post.savedAt.getTime(),
    basedOn: post.savedAt.getTime(),
    pendingAt: null,
  };
}
