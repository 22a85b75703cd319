import { data, Form, isRouteErrorResponse, useRouteError } from "react-router";
import { requireUser } from "~/.server/accounts/auth.ts";
import { requireVerifiedAuthor } from "~/.server/accounts/email-verification.ts";
import { db } from "~/.server/db/index.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { postInput, readPostForm } from "~/.server/posts/post-form.ts";
import {
  deletePost,
  getPost,
  isScheduled,
  mayEdit,
  tagSuggestions,
  updatePost,
} from "~/.server/posts/posts.ts";
import { statusOnSave } from "~/.server/site/settings.ts";
import { ErrorPage } from "~/components/ErrorPage.tsx";
import { AppLink } from "~/components/PageLink.tsx";
import { PostForm } from "~/components/PostForm.tsx";
import { RequestRefused } from "~/components/RequestRefused.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { slugPattern } from "~/posts/slug.ts";
import { seoMeta } from "~/site/seo.ts";
import { sydneyWallTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/edit-post";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

/** The post, if the signed-in user may change it: 404 when there is none, 403 when it is not theirs. */
async function editablePost(request: Request, url: URL, slug: string) {
  const user = await requireUser(request, url);
  const post = slugPattern.test(slug) ? await getPost(db(), slug) : undefined;
  if (!post) throw data(null, { status: 404 });
  if (!mayEdit(post, user)) throw data("Only the author of this post can change it.", { status: 403 });
  return { user, post };
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { post } = await editablePost(request, url, params.slug);
  return {
    post: {
      slug: post.slug,
      title: post.title,
      content: post.content,
      cover: post.cover,
      coverAlt: post.coverAlt,
      tags: post.tags,
      draft: post.status === "draft",
      publishAt: isScheduled(post) ? sydneyWallTime(post.publishedOn) : undefined,
    },
    knownTags: await tagSuggestions(db()),
    confirmingDelete: url.searchParams.has("delete"),
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { user, post } = await editablePost(request, url, params.slug);
  if (url.searchParams.has("delete")) {
    await deletePost(db(), post.slug);
    return redirectWithToast("/dashboard", "Post deleted");
  }
  await requireVerifiedAuthor(user.id);
  const form = await readPostForm(db(), request, user.id, post.cover.id);
  if (!form.ok) return data({ result: form.result }, { status: 400 });
  await updatePost(db(), post.slug, postInput(form.value, await statusOnSave(db(), user, form.value.intent)));
  if (form.value.intent === "draft") return redirectWithToast(`/edit-post/${post.slug}`, "Draft saved");
  return redirectWithToast("/dashboard", "Data saved successfully");
}

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
  loaderData: { post, knownTags, confirmingDelete },
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
      <h1 className="mb-2 text-4xl font-semibold">Edit post</h1>
      <p className="mb-8 text-slate-700">
        {post.draft
          ? "A draft: only you can see it. Publish makes it public."
          : post.publishAt
            ? "Scheduled: only you can see it until its Publish at. Save draft takes it back."
            : "Published. Save draft takes it off the site until you publish it again."}
      </p>
      <PostForm lastResult={actionData?.result} post={post} knownTags={knownTags} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status >= 500) throw error;
  if (![403, 404].includes(error.status))
    return <RequestRefused status={error.status} message={error.data} />;
  const forbidden = error.status === 403;
  return (
    <ErrorPage
      title={forbidden ? "Not your post" : "Blog not found"}
      next={{ href: "/dashboard", label: "Back to your dashboard" }}
    >
      <p>
        {forbidden
          ? "Only the author of this post can change or delete it."
          : "Sorry, we were unable to find a blog at this location"}
      </p>
    </ErrorPage>
  );
}
