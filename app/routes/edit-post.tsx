import { data, Form, href } from "react-router";
import { requireVerifiedAuthor } from "~/.server/accounts/email-verification.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { pendingWork } from "~/.server/posts/autosave.ts";
import { editablePost, postInput, readPostForm, saveEditorForm } from "~/.server/posts/post-form.ts";
import { textImagesOf } from "~/.server/posts/post-images.ts";
import { deletePost, hasBeenPublic, isScheduled, tagSuggestions } from "~/.server/posts/posts.ts";
import { statusOnSave } from "~/.server/site/settings.ts";
import { FormTokenInput } from "~/components/FormTokenInput.tsx";
import { AppLink } from "~/components/PageLink.tsx";
import { PostEditorError } from "~/components/PostEditorError.tsx";
import { PostForm } from "~/components/PostForm.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { sydneyWallTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/edit-post";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { user, post } = await editablePost(db(), request, url, params.slug);
  return {
    /** An owner editing another's post: the byline stays theirs. */
    authorName: post.userId === user.id ? null : (post.byline?.name ?? "its author"),
    post: {
      slug: post.slug,
      title: post.title,
      content: post.content,
      cover: post.cover,
      coverAlt: post.coverAlt,
      tags: post.tags,
      draft: post.status === "draft",
      publishAt: isScheduled(post) ? sydneyWallTime(post.publishedOn) : undefined,
      beenPublic: hasBeenPublic(post),
      savedAt: post.savedAt.getTime(),
      textImages: await textImagesOf(db(), post.slug),
    },
    /** Work kept on its own while the post was not a draft, not yet saved (decision 038). */
    pending: (await pendingWork(db(), post, user.id)) ?? null,
    knownTags: await tagSuggestions(db()),
    confirmingDelete: url.searchParams.has("delete"),
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { user, post } = await editablePost(db(), request, url, params.slug);
  if (url.searchParams.has("delete")) {
    await readForm(request);
    await deletePost(db(), post.slug);
    return redirectWithToast(href("/dashboard"), "Post deleted");
  }
  await requireVerifiedAuthor(user.id);
  const form = await readPostForm(db(), request, user.id, post.cover?.id ?? null);
  if (!form.ok) return data({ result: form.result, conflict: null }, { status: 400 });
  if (form.value.publishAt && hasBeenPublic(post))
    return data({ result: form.refuse(scheduleRefused, "publishAt"), conflict: null }, { status: 400 });
  const input = postInput(form.value, await statusOnSave(db(), user, form.value.intent));
  const refused = await saveEditorForm(db(), post, input, user, form);
  if (refused) return refused;
  if (form.value.intent === "draft") return redirectWithToast(href("/edit-post/:slug", post), "Draft saved");
  return redirectWithToast(href("/dashboard"), "Data saved successfully");
}

const scheduleRefused = "This post has been published: it cannot be scheduled again. Leave Publish at empty.";

export function meta({ matches, loaderData, error }: Route.MetaArgs) {
  // On an error the boundary's ErrorPage sets the title; the data may be a previous post's.
  if (error || !loaderData) return [];
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: `Edit “${loaderData.post.title}”`,
      description: "Change the title, content or cover image of your post on the Woollahra Moncur blog.",
      path: `/edit-post/${loaderData.post.slug}`,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function EditPost({
  loaderData: { post, knownTags, confirmingDelete, authorName, pending },
  actionData,
}: Route.ComponentProps) {
  if (confirmingDelete) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-semibold">Delete this post?</h1>
        <p className="mt-4 text-lg">
          “{post.title}” will be removed from the blog for good. This cannot be undone.
        </p>
        <Form method="post" action={`/edit-post/${post.slug}?delete`} className="mt-8 flex flex-wrap gap-4">
          <FormTokenInput />
          <button
            type="submit"
            className="rounded-md bg-brick px-6 py-2.5 font-semibold text-white hover:opacity-90"
          >
            Yes, delete it
          </button>
          <AppLink
            href={`/edit-post/${post.slug}`}
            className="rounded-md border border-heritage-700 px-6 py-2.5 font-semibold text-heritage-700 hover:bg-heritage-50"
          >
            No, keep it
          </AppLink>
        </Form>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 className="text-4xl font-semibold">Edit post</h1>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(post.draft || post.publishAt) && (
            <AppLink
              href={`/edit-post/${post.slug}/preview-link`}
              className="font-semibold text-heritage-700 underline underline-offset-4"
            >
              Preview link
            </AppLink>
          )}
          <AppLink
            href={`/edit-post/${post.slug}/revisions`}
            className="font-semibold text-heritage-700 underline underline-offset-4"
          >
            Revisions
          </AppLink>
        </div>
      </div>
      {authorName && (
        <p className="mb-2 text-slate-700">
          You are editing {authorName}’s post as an owner: the byline stays theirs.
        </p>
      )}
      <p className="mb-8 text-slate-700">
        {post.draft
          ? "A draft: only you can see it. Publish makes it public."
          : post.publishAt
            ? "Scheduled: only you can see it until its Publish at. Save draft takes it back."
            : "Published. Save draft takes it off the site until you publish it again."}
      </p>
      <PostForm
        lastResult={actionData?.result}
        conflict={actionData?.conflict ?? undefined}
        pending={pending}
        post={post}
        knownTags={knownTags}
      />
    </div>
  );
}

export const ErrorBoundary = PostEditorError;
