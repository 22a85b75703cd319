import { randomBytes } from "node:crypto";
import { data, href } from "react-router";
import { requireUser } from "~/.server/accounts/auth.ts";
import { mustVerifyFirst, requireVerifiedAuthor } from "~/.server/accounts/email-verification.ts";
import { db } from "~/.server/db/index.ts";
import { postingRefusal } from "~/.server/http/throttles.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { editablePost, postInput, readPostForm, saveEditorForm } from "~/.server/posts/post-form.ts";
import { createPost, tagSuggestions } from "~/.server/posts/posts.ts";
import { statusOnSave } from "~/.server/site/settings.ts";
import { PostForm } from "~/components/PostForm.tsx";
import { VerifyNotice } from "~/components/VerifyNotice.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/create-post";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return {
    submissionId: randomBytes(16).toString("hex"),
    knownTags: await tagSuggestions(db()),
    mustVerify: await mustVerifyFirst(user.id),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  await requireVerifiedAuthor(user.id);
  const form = await readPostForm(db(), request, user.id);
  if (!form.ok) return data({ result: form.result, conflict: null }, { status: 400 });
  const status = await statusOnSave(db(), user, form.value.intent);
  const input = postInput(form.value, status);
  let slug: string;
  if (form.autosavedSlug) {
    // The editor already saved this new post as a draft on its own (decision 038): this is its save.
    const { post } = await editablePost(db(), request, url, form.autosavedSlug);
    const refused = await saveEditorForm(db(), post, input, user, form);
    if (refused) return refused;
    slug = post.slug;
  } else {
    const refusal = await postingRefusal(db(), user.id, 1);
    if (refusal) return data({ result: form.refuse(refusal), conflict: null }, { status: 429 });
    slug = await createPost(db(), input, user.id, { submissionId: form.submissionId });
  }
  // A draft is work in progress: the author goes on with it where it is now saved.
  if (status === "draft") return redirectWithToast(href("/edit-post/:slug", { slug }), "Draft saved");
  return redirectWithToast(href("/create-post"), "Data saved successfully");
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Create post",
      description: "Write a new post for the Woollahra Moncur blog, with a live preview and a cover image.",
      path: href("/create-post"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function CreatePost({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="mb-8 text-4xl font-semibold">Create post</h1>
      {loaderData.mustVerify && <VerifyNotice step={loaderData.mustVerify} />}
      <PostForm
        key={loaderData.submissionId}
        lastResult={actionData?.result}
        conflict={actionData?.conflict ?? undefined}
        submissionId={loaderData.submissionId}
        knownTags={loaderData.knownTags}
      />
    </div>
  );
}
