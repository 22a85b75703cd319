import { requireUser } from "~/.server/accounts/auth.ts";
import { mustVerifyFirst } from "~/.server/accounts/email-verification.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { admitTo, limits, postingRefusal, throttleMessages } from "~/.server/http/throttles.ts";
import { type AutosaveReply, autosave, autosaveNewPost } from "~/.server/posts/autosave.ts";
import { editablePost, postInput, readPostForm } from "~/.server/posts/post-form.ts";
import { dropPendingAutosaves } from "~/.server/posts/revisions.ts";
import type { AutosaveAnswer } from "~/posts/versions.ts";
import type { Route } from "./+types/autosave";

/**
 * Where the editor saves on its own, with JavaScript (decision 038): `/create-post/autosave`
 * for a post not yet saved, `/edit-post/:slug/autosave` after. Answers JSON: the versions
 * saved, the version met instead (409), or why nothing was saved.
 */
const answer = (body: AutosaveAnswer, status = 200) => Response.json(body, { status });

const notSaved = "Not saved automatically: fix the fields marked above, or Save draft to see why.";

export async function action({ request, params, url }: Route.ActionArgs) {
  const { user, post } =
    params.slug === undefined
      ? { user: await requireUser(request, url), post: undefined }
      : await editablePost(db(), request, url, params.slug);
  if (post && url.searchParams.has("discard")) {
    // The writer chose not to restore their pending autosave of this post.
    const pendingAt = Number((await readForm(request)).get("pendingAt"));
    if (Number.isSafeInteger(pendingAt))
      await dropPendingAutosaves(db(), post.slug, post.savedAt.getTime(), pendingAt);
    return new Response(null, { status: 204 });
  }
  if (await mustVerifyFirst(user.id))
    return answer({ saved: false, error: "Not saved: confirm your e-mail address first (see above)." }, 403);
  const admission = await admitTo(db(), [limits.autosavesPerUser(user.id)]);
  if (!admission.allowed)
    return answer({ saved: false, error: throttleMessages.autosaves(admission.waitSeconds) }, 429);
  const form = await readPostForm(db(), request, user.id, post?.cover?.id ?? null);
  if (!form.ok || form.value.intent !== "draft") return answer({ saved: false, error: notSaved }, 400);
  const input = postInput(form.value, "draft");
  let reply: AutosaveReply | undefined;
  if (post) {
    if (form.basedOn === undefined) return answer({ saved: false, error: notSaved }, 400);
    reply = await autosave(db(), post, input, user, { basedOn: form.basedOn, pendingAt: form.pendingAt });
  } else {
    const refusal = await postingRefusal(db(), user.id, 1);
    if (refusal) return answer({ saved: false, error: `Not saved automatically. ${refusal}` }, 429);
    reply = await autosaveNewPost(db(), input, user, form.submissionId);
  }
  if (!reply) return answer({ saved: false, error: "This post has been deleted." }, 404);
  return answer(reply, reply.saved ? 200 : 409);
}
