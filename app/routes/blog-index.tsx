import { data, useRouteLoaderData } from "react-router";
import { db } from "~/.server/db/index.ts";
import { countPosts, listPosts, pageSize } from "~/.server/posts.ts";
import { PageLink } from "~/components/PageLink.tsx";
import { PostCard } from "~/components/PostCard.tsx";
import { cachedPage } from "~/http-policy.ts";
import { formatSydneyDate } from "~/lib/dates.ts";
import { type RootData, rootData } from "~/lib/root-data.ts";
import { seoMeta } from "~/lib/seo.ts";
import { site } from "~/lib/site.ts";
import type { Route } from "./+types/blog-index";

/** `?page=N`: a whole number from 1; anything else is no page at all. */
function pageNumber(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,6}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

export const handle = cachedPage("page");

export async function loader({ url }: Route.LoaderArgs) {
  const page = pageNumber(url);
  const [posts, total] = await Promise.all([listPosts(db(), page), countPosts(db())]);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (page > pages) throw data(null, { status: 404 });
  return {
    page,
    pages,
    posts: posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      published: formatSydneyDate(post.publishedOn),
      cover: post.cover,
    })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seoMeta(rootData(matches).publicUrl, {
    title: page === 1 ? "Lifestyle blog" : `Lifestyle blog, page ${page}`,
    description:
      "Stories and practical ideas from the people of our building on Moncur Street, Woollahra: working well, living well and the village around us.",
    path: page === 1 ? "/home" : `/home?page=${page}`,
    keywords: ["Woollahra", "blog", "lifestyle", "working from home", "Moncur Street"],
  });
}

export default function BlogIndex({ loaderData: { posts, page, pages } }: Route.ComponentProps) {
  const signedIn = Boolean((useRouteLoaderData("root") as RootData | undefined)?.email);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-4xl font-semibold sm:text-5xl">{site.name}</h1>
      <p className="mt-3 text-lg text-slate-700">
        Lifestyle: notes from our building and the village around it.
      </p>
      {posts.length === 0 ? (
        <div className="mt-10 rounded-xl border border-sandstone-300 bg-white p-8 text-lg">
          <p>No posts yet. While the first stories are being written, explore the village&rsquo;s history.</p>
          <p className="mt-4 flex flex-wrap gap-4">
            <PageLink
              href="/woollahra"
              className="font-semibold text-heritage-700 underline underline-offset-4"
            >
              Stories from Woollahra
            </PageLink>
            {signedIn && (
              <PageLink
                href="/create-post"
                className="font-semibold text-heritage-700 underline underline-offset-4"
              >
                Write the first post
              </PageLink>
            )}
          </p>
        </div>
      ) : (
        <ul className="mt-10 grid list-none gap-8 p-0 md:grid-cols-3">
          {posts.map((post, index) => (
            <PostCard key={post.slug} post={post} priority={index < 3} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-12 flex items-center justify-between gap-4">
          {page > 1 ? (
            <PageLink
              href={page === 2 ? "/home" : `/home?page=${page - 1}`}
              rel="prev"
              className="rounded-md border border-heritage-700 px-4 py-2 font-semibold text-heritage-700 hover:bg-heritage-50"
            >
              ← Newer posts
            </PageLink>
          ) : (
            <span />
          )}
          <span className="text-slate-700">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <PageLink
              href={`/home?page=${page + 1}`}
              rel="next"
              className="rounded-md border border-heritage-700 px-4 py-2 font-semibold text-heritage-700 hover:bg-heritage-50"
            >
              Older posts →
            </PageLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
