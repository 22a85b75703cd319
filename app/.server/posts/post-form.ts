import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { imageMarkdown } from "~/posts/markdown.ts";
import { type PostForm, postSchema } from "~/posts/post-schema.ts";
import { slugPattern } from "~/posts/slug.ts";
import { changedElsewhere } from "~/posts/versions.ts";
import { requireUser } from "../accounts/auth.ts";
import type { Db } from "../db/index.ts";
import type { PostStatus } from "../db/schema.ts";
import { readForm } from "../http/forms.ts";
import { imageFromForm } from "../uploads/form-image.ts";
import { ownImage } from "../uploads/images.ts";
import { otherVersion } from "./autosave.ts";
import { getPost, mayEdit, type Post, type PostInput, saveEdit } from "./posts.ts";

export type PostFormResult =
  | {
      ok: true;
      value: PostForm;
      submissionId: string | undefined;
      /** The version of the post the editor started from (its `savedAt`), when editing. */
      basedOn: number | undefined;
      /** The pending autosave the editor knows (autosave.ts), when it knows one. */
      pendingAt: number | null;
      /** A new post the editor already saved as a draft on its own: the form goes on with it. */
      autosavedSlug: string | undefined;
      /** The form as sent, with a message in its alert (or beside a field): for a post refused after all. */
      refuse(message: string, field?: keyof PostForm): SubmissionResult<string[]>;
    }
  | { ok: false; result: SubmissionResult<string[]> };

/** The cover sent as a file (without JavaScript) becomes the form's `coverImageId`; the refusal, if any. */
async function acceptCoverFile(db: Db, form: FormData, userId: string): Promise<string | null> {
  const cover = await imageFromForm(db, form, "coverFile", userId);
  if (cover.id) form.set("coverImageId", cover.id);
  return cover.error ?? null;
}

/** A version the form names (a `savedAt`), when it names one. */
function savedAtField(form: FormData, name: string): number | undefined {
  const value = form.get(name);
  return typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : undefined;
}

/**
 * An image for the text sent as a file (without JavaScript) with its description: appended to
 * the content as the editor's Insert image would write it. The refusal, if any.
 */
async function acceptTextImageFile(db: Db, form: FormData, userId: string): Promise<string | null> {
  const file = form.get("textImageFile");
  const description = String(form.get("textImageAlt") ?? "").trim();
  form.delete("textImageAlt");
  if (file instanceof File && file.size > 0 && description === "") {
    form.delete("textImageFile");
    return "Describe the image you are adding, for people who cannot see it.";
  }
  const added = await imageFromForm(db, form, "textImageFile", userId);
  if (added.image) {
    const content = String(form.get("content") ?? "").trimEnd();
    form.set("content", `${content}${content ? "\n\n" : ""}${imageMarkdown(added.image, description)}`);
  }
  return added.error ?? null;
}

/**
 * Reads and checks a post form: the shared schema, then the cover — an image this user
 * uploaded, or the post's current cover when editing.
 */
export async function readPostForm(
  db: Db,
  request: Request,
  userId: string,
  currentCoverId?: string | null,
): Promise<PostFormResult> {
  const form = await readForm(request);
  const coverError = await acceptCoverFile(db, form, userId);
  const textImageError = await acceptTextImageFile(db, form, userId);
  const submission = parseWithZod(form, { schema: postSchema });
  if (coverError)
    return { ok: false, result: submission.reply({ fieldErrors: { coverImageId: [coverError] } }) };
  if (textImageError)
    return { ok: false, result: submission.reply({ fieldErrors: { content: [textImageError] } }) };
  if (submission.status !== "success") return { ok: false, result: submission.reply() };
  const { coverImageId } = submission.value;
  if (
    coverImageId !== null &&
    coverImageId !== currentCoverId &&
    !(await ownImage(db, coverImageId, userId))
  ) {
    return {
      ok: false,
      result: submission.reply({
        fieldErrors: { coverImageId: ["This image is not available: upload the cover again."] },
      }),
    };
  }
  const submissionId = form.get("submissionId");
  const slug = form.get("slug");
  return {
    ok: true,
    value: submission.value,
    submissionId:
      typeof submissionId === "string" && /^[0-9a-f]{32}$/.test(submissionId) ? submissionId : undefined,
    basedOn: savedAtField(form, "basedOn"),
    pendingAt: savedAtField(form, "pendingAt") ?? null,
    autosavedSlug: typeof slug === "string" && slugPattern.test(slug) ? slug : undefined,
    refuse: (message, field) =>
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
  };
}

/** The post, if the signed-in user may change it: 404 when there is none, 403 when it is another author's. */
export async function editablePost(db: Db, request: Request, url: URL, slug: string) {
  const user = await requireUser(request, url);
  const post = slugPattern.test(slug) ? await getPost(db, slug) : undefined;
  if (!post) throw data(null, { status: 404 });
  // No words: the editor's error page says them (PostEditorError).
  if (!mayEdit(post, user)) throw data(null, { status: 403 });
  return { user, post };
}

/** What a checked form saves, standing as `statusOnSave` (members.ts) decided from its intent. */
export function postInput(form: PostForm, status: PostStatus): PostInput {
  return {
    title: form.title,
    content: form.content,
    coverImageId: form.coverImageId,
    coverAlt: form.coverAlt,
    tags: form.tags,
    status,
    publishAt: form.publishAt,
  };
}

/**
 * Saves an edit sent from the editor (the edit form, or a new post's form once autosaved):
 * undefined once saved, or the 409 answer that shows the writer what was stored instead.
 */
export async function saveEditorForm(
  db: Db,
  post: Post,
  input: PostInput,
  editor: { id: string; email: string },
  form: Extract<PostFormResult, { ok: true }>,
) {
  const outcome = await saveEdit(db, post, input, editor, { basedOn: form.basedOn });
  if (outcome === "missing") throw data(null, { status: 404 });
  if (outcome === "saved") return undefined;
  return data(
    { result: form.refuse(changedElsewhere), conflict: await otherVersion(db, post.slug) },
    { status: 409 },
  );
}
