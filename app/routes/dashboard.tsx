import { href } from "react-router";
import { requireUser } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { isScheduled, listPostsByUser, type Post } from "~/.server/posts/posts.ts";
import { AppLink, PageLink } from "~/components/PageLink.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { formatSydneyDate } from "~/site/dates.ts";
import { seoMeta } from "~/site/seo.ts";
import { site } from "~/site/site.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/dashboard";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const posts = await listPostsByUser(db(), user.id);
  const listed = (post: Post) => ({ slug: post.slug, title: post.title, when: when(post) });
  return {
    count: posts.length,
    drafts: posts.filter((post) => post.status !== "published").map(listed),
    published: posts.filter((post) => post.status === "published").map(listed),
  };
}

/** What the dashboard says of a post's date and standing. */
function when(post: Post): string {
  if (post.status === "draft") return `Draft, saved ${formatSydneyDate(post.savedAt)}`;
  if (post.status !== "published") return `Awaiting review, saved ${formatSydneyDate(post.savedAt)}`;
  if (isScheduled(post)) return `Scheduled: ${formatSydneyDateTime(post.publishedOn)} (Sydney time)`;
  return `Published: ${formatSydneyDate(post.publishedOn)}${post.hidden ? " (hidden by the site's owners)" : ""}`;
}

type ListedPost = { slug: string; title: string; when: string };

function PostList({ posts }: { posts: ListedPost[] }) {
  return (
    <ul className="mt-4 divide-y divide-sandstone-300 rounded-xl border border-sandstone-300 bg-white">
      {posts.map((post) => (
        <li key={post.slug} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
          <div>
            <PageLink
              href={`/blog/${post.slug}`}
              className="font-serif text-lg font-semibold text-heritage-900 hover:underline"
            >
              {post.title}
            </PageLink>
            <p className="text-sm text-slate-700">{post.when}</p>
          </div>
          <AppLink
            href={`/edit-post/${post.slug}`}
            className="rounded-md border border-heritage-700 px-4 py-1.5 font-semibold text-heritage-700 hover:bg-heritage-50"
            aria-label={`Edit ${post.title}`}
          >
            Edit
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Dashboard",
      description:
        "Your posts on the Woollahra Moncur blog: how many you have written, and links to edit each one.",
      path: href("/dashboard"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Dashboard({ loaderData: { count, drafts, published } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-4xl font-semibold">Dashboard</h1>
      <section
        aria-label="Statistics"
        className="mt-8 grid max-w-md grid-cols-2 overflow-hidden rounded-xl border border-sandstone-300 bg-white shadow-sm"
      >
        <div className="p-6">
          <p className="text-4xl font-semibold text-heritage-900" data-testid="post-count">
            {count}
          </p>
          <p className="mt-1 font-medium text-slate-700">Posts</p>
        </div>
        <div className="border-l border-sandstone-300 p-6">
          <p className="text-2xl font-semibold text-heritage-900">{site.country}</p>
          <p className="mt-1 font-medium text-slate-700">Country</p>
        </div>
      </section>
      {drafts.length > 0 && (
        <section aria-labelledby="drafts-heading">
          <h2 id="drafts-heading" className="mt-12 text-2xl font-semibold">
            Drafts
          </h2>
          <PostList posts={drafts} />
        </section>
      )}
      <section aria-labelledby="published-heading">
        <h2 id="published-heading" className="mt-12 text-2xl font-semibold">
          Your posts
        </h2>
        {published.length === 0 ? (
          <p className="mt-4 text-lg">
            {drafts.length === 0 ? "You have not written anything yet." : "Nothing published yet."}{" "}
            <AppLink
              href={href("/create-post")}
              className="font-semibold text-heritage-700 underline underline-offset-4"
            >
              {drafts.length === 0 ? "Write your first post" : "Write a post"}
            </AppLink>
            .
          </p>
        ) : (
          <PostList posts={published} />
        )}
      </section>
    </div>
  );
}
