import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { getPost } from "~/.server/posts/posts.ts";
import { ownerDeletesPost, readOwnerForm } from "~/.server/site/moderation.ts";
import { ConfirmDelete } from "~/components/manage/ConfirmDelete.tsx";
import { slugPattern } from "~/posts/slug.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import type { Route } from "./+types/manage-post-delete";

async function existingPost(slug: string) {
  const post = slugPattern.test(slug) ? await getPost(db(), slug) : undefined;
  if (!post) throw data(null, { status: 404 });
  return post;
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const post = await existingPost(params.slug);
  return { title: post.title };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  await readOwnerForm(request);
  await existingPost(params.slug);
  if (!(await ownerDeletesPost(db(), owner, params.slug))) throw data(null, { status: 404 });
  return redirectWithToast(href("/manage/posts"), "Post deleted");
}

export function meta({ matches, params }: Route.MetaArgs) {
  return manageMeta(matches, "Delete a post · Manage", `/manage/posts/${params.slug}/delete`);
}

export default function ManagePostDelete({ loaderData: { title } }: Route.ComponentProps) {
  return (
    <ConfirmDelete title="Delete this post?" confirmLabel="Yes, delete it" back={href("/manage/posts")}>
      <p>“{title}” will be removed from the blog for good, with its cover image. This cannot be undone.</p>
    </ConfirmDelete>
  );
}
