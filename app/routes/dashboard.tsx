import { requireUser } from "~/.server/auth.ts";
import { db } from "~/.server/db/index.ts";
import { listPostsByUser } from "~/.server/posts.ts";
import { AppLink, PageLink } from "~/components/PageLink.tsx";
import { formatSydneyDate } from "~/lib/dates.ts";
import { appPage } from "~/lib/page-kinds.ts";
import { rootData } from "~/lib/root-data.ts";
import { seoMeta } from "~/lib/seo.ts";
import { site } from "~/lib/site.ts";
import type { Route } from "./+types/dashboard";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const posts = await listPostsByUser(db(), user.id);
  return {
    posts: posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      published: formatSydneyDate(post.publishedOn),
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Dashboard",
      description:
        "Your posts on the Woollahra Moncur blog: how many you have written, and links to edit each one.",
      path: "/dashboard",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Dashboard({ loaderData: { posts } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-4xl font-semibold">Dashboard</h1>
      <section
        aria-label="Statistics"
        className="mt-8 grid max-w-md grid-cols-2 overflow-hidden rounded-xl border border-sandstone-300 bg-white shadow-sm"
      >
        <div className="p-6">
          <p className="text-4xl font-semibold text-heritage-900" data-testid="post-count">
            {posts.length}
          </p>
          <p className="mt-1 font-medium text-slate-700">Posts</p>
        </div>
        <div className="border-l border-sandstone-300 p-6">
          <p className="text-2xl font-semibold text-heritage-900">{site.country}</p>
          <p className="mt-1 font-medium text-slate-700">Country</p>
        </div>
      </section>
      <h2 className="mt-12 text-2xl font-semibold">Your posts</h2>
      {posts.length === 0 ? (
        <p className="mt-4 text-lg">
          You have not written anything yet.{" "}
          <AppLink
            href="/create-post"
            className="font-semibold text-heritage-700 underline underline-offset-4"
          >
            Write your first post
          </AppLink>
          .
        </p>
      ) : (
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
                <p className="text-sm text-slate-700">Published: {post.published}</p>
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
      )}
    </div>
  );
}
