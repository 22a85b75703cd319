import { href, useRouteLoaderData } from "react-router";
import { db } from "~/.server/db/index.ts";
import { publicPostPage } from "~/.server/posts/post-pages.ts";
import { PageLink } from "~/components/PageLink.tsx";
import { Pager } from "~/components/Pager.tsx";
import { PostCard } from "~/components/PostCard.tsx";
import { SearchForm } from "~/components/SearchForm.tsx";
import { SubscribeForm } from "~/components/SubscribeForm.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { pageNumber } from "~/http/page-number.ts";
import { type RootData, rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { site } from "~/site/site.ts";
import type { Route } from "./+types/blog-index";

export const handle = cachedPage("page");

export async function loader({ url }: Route.LoaderArgs) {
  const page = pageNumber(url);
  return publicPostPage(db(), page);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seoMeta(rootData(matches).publicUrl, {
    title: page === 1 ? "Lifestyle blog" : `Lifestyle blog, page ${page}`,
    description:
      "Stories and practical ideas from the people of our building on Moncur Street, Woollahra: working well, living well and the village around us.",
    path: page === 1 ? href("/home") : `${href("/home")}?page=${page}`,
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
      <div className="mt-6 max-w-xl">
        <SearchForm />
      </div>
      {posts.length === 0 ? (
        <div className="mt-10 rounded-xl border border-sandstone-300 bg-white p-8 text-lg">
          <p>No posts yet. While the first stories are being written, explore the village&rsquo;s history.</p>
          <p className="mt-4 flex flex-wrap gap-4">
            <PageLink
              href={href("/woollahra")}
              className="font-semibold text-heritage-700 underline underline-offset-4"
            >
              Stories from Woollahra
            </PageLink>
            {signedIn && (
              <PageLink
                href={href("/create-post")}
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
      <Pager page={page} pages={pages} path={href("/home")} />
      <div className="mt-12 max-w-2xl">
        <SubscribeForm id="subscribe-home" heading="Follow the blog by e-mail" />
      </div>
    </div>
  );
}
