import { data, href, isRouteErrorResponse, useRouteError } from "react-router";
import { db } from "~/.server/db/index.ts";
import { countPostsTagged, listPostsTagged, pageSize } from "~/.server/posts/posts.ts";
import { ErrorPage } from "~/components/ErrorPage.tsx";
import { Pager } from "~/components/Pager.tsx";
import { PostCard, postCardData } from "~/components/PostCard.tsx";
import { SubscribeForm } from "~/components/SubscribeForm.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { pageCount, pageHref, pageNumber } from "~/http/page-number.ts";
import { rootData } from "~/http/root-data.ts";
import { isTag } from "~/posts/tags.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/tag";

export const handle = cachedPage("page");

export async function loader({ params, url }: Route.LoaderArgs) {
  const { tag } = params;
  // Only a tag as stored has a page: other spellings and tags no public post carries are 404.
  if (!isTag(tag)) throw data(null, { status: 404 });
  const page = pageNumber(url);
  const [posts, total] = await Promise.all([listPostsTagged(db(), tag, page), countPostsTagged(db(), tag)]);
  if (total === 0) throw data(null, { status: 404 });
  return { tag, page, pages: pageCount(page, total, pageSize), total, posts: posts.map(postCardData) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { tag, page } = loaderData;
  const { publicUrl } = rootData(matches);
  return [
    ...seoMeta(publicUrl, {
      title: page === 1 ? `Posts tagged “${tag}”` : `Posts tagged “${tag}”, page ${page}`,
      description: `Posts on the Woollahra Moncur blog tagged “${tag}”, newest first.`,
      path: pageHref(href("/tags/:tag", { tag }), page),
      keywords: ["Woollahra", "blog", tag],
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `Posts tagged “${tag}”`,
      href: `${publicUrl}${href("/tags/:tag/rss.xml", { tag })}`,
    },
  ];
}

export default function TagPage({ loaderData: { tag, page, pages, total, posts } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <p className="font-medium text-slate-700">Tag</p>
      <h1 className="text-4xl font-semibold sm:text-5xl">{tag}</h1>
      <p className="mt-3 text-lg text-slate-700">
        {`${total === 1 ? "1 post" : `${total} posts`}, newest first. `}
        <a
          href={href("/tags/:tag/rss.xml", { tag })}
          className="font-semibold text-heritage-700 underline underline-offset-4"
        >
          RSS feed<span className="sr-only"> of posts tagged {tag}</span>
        </a>
      </p>
      <ul className="mt-10 grid list-none gap-8 p-0 md:grid-cols-3">
        {posts.map((post, index) => (
          <PostCard key={post.slug} post={post} priority={index < 3} />
        ))}
      </ul>
      <Pager page={page} pages={pages} path={href("/tags/:tag", { tag })} />
      <div className="mt-12 max-w-2xl">
        <SubscribeForm id="subscribe-tag" heading="Follow the blog by e-mail" />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <ErrorPage title="Tag not found" next={{ href: href("/home"), label: "See all posts" }}>
      <p>No published post carries this tag.</p>
    </ErrorPage>
  );
}
