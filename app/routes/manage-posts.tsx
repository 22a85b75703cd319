import { data, href } from "react-router";
import { requireOwner } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { countAllPosts, listAllPosts, standing } from "~/.server/posts/posts.ts";
import { moderatePost, readOwnerForm } from "~/.server/site/moderation.ts";
import { ActionButton, ActionNotice, DeleteLink } from "~/components/manage/ActionButton.tsx";
import { ManageTable } from "~/components/manage/ManageTable.tsx";
import { PageLink } from "~/components/PageLink.tsx";
import { Pager } from "~/components/Pager.tsx";
import { pageCount, pageNumber } from "~/http/page-number.ts";
import { formatSydneyDate } from "~/site/dates.ts";
import { managePageSize, postActionSchema, unreadableAction } from "~/site/manage.ts";
import { manageMeta } from "~/site/manage-meta.ts";
import type { Route } from "./+types/manage-posts";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireOwner(request, url);
  const page = pageNumber(url);
  const [posts, total] = await Promise.all([listAllPosts(db(), page, managePageSize), countAllPosts(db())]);
  const pages = pageCount(page, total, managePageSize);
  return {
    page,
    pages,
    posts: posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      date: formatSydneyDate(post.publishedOn),
      author: post.authorName ?? post.authorEmail ?? "Imported",
      standing: standing(post),
      status: post.status,
      hidden: post.hidden,
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const owner = await requireOwner(request, url);
  const parsed = postActionSchema.safeParse(await readOwnerForm(request));
  if (!parsed.success) return data({ ok: false, message: unreadableAction }, { status: 400 });
  const outcome = await moderatePost(db(), owner, parsed.data.slug, parsed.data.intent);
  return data(outcome, { status: outcome.ok ? 200 : 409 });
}

export function meta({ matches }: Route.MetaArgs) {
  return manageMeta(matches, "Posts · Manage", href("/manage/posts"));
}

export default function ManagePosts({
  loaderData: { posts, page, pages },
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <h1 className="mt-8 text-4xl font-semibold">Posts</h1>
      <ActionNotice outcome={actionData} />
      {posts.length === 0 ? (
        <p className="mt-6 text-lg">No posts yet.</p>
      ) : (
        <ManageTable label="Posts" headings={["Title", "Author", "Date", "Status", "Actions"]}>
          {posts.map((post) => (
            <tr key={post.slug} className="align-top">
              <td className="max-w-xs px-4 py-3 break-words">
                <PageLink
                  href={`/blog/${post.slug}`}
                  className="font-semibold text-heritage-900 hover:underline"
                >
                  {post.title}
                </PageLink>
              </td>
              <td className="max-w-48 px-4 py-3 break-words">{post.author}</td>
              <td className="px-4 py-3 whitespace-nowrap">{post.date}</td>
              <td className="px-4 py-3" data-testid="post-status">
                {post.standing}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-2">
                  {post.status === "review" && (
                    <ActionButton
                      fields={{ intent: "approve", slug: post.slug }}
                      label="Approve"
                      accessibleLabel={`Approve “${post.title}”`}
                    />
                  )}
                  <ActionButton
                    fields={{ intent: post.hidden ? "show" : "hide", slug: post.slug }}
                    label={post.hidden ? "Show" : "Hide"}
                    accessibleLabel={`${post.hidden ? "Show" : "Hide"} “${post.title}”`}
                  />
                  <DeleteLink
                    href={`/manage/posts/${post.slug}/delete`}
                    accessibleLabel={`Delete “${post.title}”`}
                  />
                </div>
              </td>
            </tr>
          ))}
        </ManageTable>
      )}
      <Pager page={page} pages={pages} path={href("/manage/posts")} />
    </>
  );
}
