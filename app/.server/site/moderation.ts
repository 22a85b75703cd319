import { data } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import type { Actor } from "../accounts/members.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { readForm } from "../http/forms.ts";
import { approvePost, deletePost, getPost, setHidden } from "../posts/posts.ts";
import { recordActivity } from "./activity.ts";

export type PostModeration = "hide" | "show" | "approve";

/** What an owner's action answers: the notice, and the status it is sent with. */
export interface ActionOutcome {
  ok: boolean;
  message: string;
}

/** Hides, shows or approves a post, logged with the change in one transaction. */
export async function moderatePost(
  db: Db,
  actor: Actor,
  slug: string,
  action: PostModeration,
): Promise<ActionOutcome> {
  return inTransaction(db, async (trx) => {
    const post = await getPost(trx, slug);
    if (!post) return { ok: false, message: "There is no such post." };
    const done =
      action === "approve" ? await approvePost(trx, slug) : await setHidden(trx, slug, action === "hide");
    if (!done) return { ok: false, message: "This post is not awaiting review." };
    await recordActivity(
      trx,
      actor,
      { hide: "hid post", show: "showed post", approve: "approved post" }[action],
      post.title,
    );
    return {
      ok: true,
      message: { hide: "Post hidden", show: "Post shown again", approve: "Post approved and published" }[
        action
      ],
    };
  });
}

/** Deletes any post (its cover released for the sweep), logged. */
export async function ownerDeletesPost(db: Db, actor: Actor, slug: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const post = await getPost(trx, slug);
    if (!post || !(await deletePost(trx, slug))) return false;
    await recordActivity(trx, actor, "deleted post", post.title);
    return true;
  });
}

/**
 * The manage area's forms: the signed-in owner's anti-forgery token checked (the origin
 * already was), and the fields but the token, as text. Anything else is 400.
 */
export async function readOwnerForm(request: Request): Promise<Record<string, string>> {
  const form = await readForm(request);
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string")
      throw data("The form could not be read. Please try again.", { status: 400 });
    if (name !== formTokenField) fields[name] = value;
  }
  return fields;
}
