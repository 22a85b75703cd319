import { data, href, isRouteErrorResponse, useRouteError } from "react-router";
import { getUser } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { textImagesOf } from "~/.server/posts/post-images.ts";
import { getPost, isPublic, isScheduled, mayEdit, type Post } from "~/.server/posts/posts.ts";
import { postArticle } from "~/.server/posts/rendered-posts.ts";
import { ErrorPage } from "~/components/ErrorPage.tsx";
import { PostArticle } from "~/components/PostArticle.tsx";
import { SubscribeForm } from "~/components/SubscribeForm.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { slugPattern } from "~/posts/slug.ts";
import { seoMeta } from "~/site/seo.ts";
import { site } from "~/site/site.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import { largestVariantUrl } from "~/uploads/image-variants.ts";
import type { Route } from "./+types/blog-post";

export const handle = cachedPage();

/** What its author and the owners read above a post the public cannot see: why not. */
function notice(post: Post): string {
  if (post.hidden) return "Hidden by the site's owners: only its author and they can see this post.";
  if (post.authorSuspended) return "Hidden while its author is suspended.";
  if (post.status === "review") return "Awaiting review: it appears on the blog once an owner approves it.";
  if (post.status === "draft")
    return "Draft: only you and the site's owners can see this post until it is published.";
  if (isScheduled(post))
    return `Scheduled: only you and the site's owners can see this post until ${formatSydneyDateTime(post.publishedOn)} (Sydney time).`;
  return "Not published: only you and the site's owners can see this post.";
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const post = slugPattern.test(params.slug) ? await getPost(db(), params.slug) : undefined;
  // Anyone else gets the same 404 as for no post at all: an unpublished post's address reveals nothing.
  if (!post) throw data(null, { status: 404 });
  if (!isPublic(post)) {
    // The author and the owners still see it, marked; the page is then theirs alone (never cached).
    const user = await getUser(request);
    if (!user || !mayEdit(post, user)) throw data(null, { status: 404 });
  }
  return {
    notice: isPublic(post) ? null : notice(post),
    ...postArticle(post, await textImagesOf(db(), post.slug)),
  };
}

export function meta({ loaderData: post, matches, error }: Route.MetaArgs) {
  // On an error the boundary's ErrorPage sets the title; the data may be a previous post's.
  if (error || !post) return [];
  const { publicUrl } = rootData(matches);
  const url = `${publicUrl}/blog/${post.slug}`;
  const image = post.cover ? `${publicUrl}${largestVariantUrl(post.cover)}` : undefined;
  return [
    ...seoMeta(publicUrl, {
      title: post.title,
      description: post.description,
      path: `/blog/${post.slug}`,
      image,
      imageAlt: post.coverAlt || post.title,
      type: "article",
      keywords: [
        "Woollahra",
        "blog",
        ...post.title
          .toLowerCase()
          .split(/\s+/)
          .filter((w) => w.length > 4)
          .slice(0, 5),
      ],
    }),
    { property: "article:published_time", content: post.publishedIso },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.description,
        image,
        datePublished: post.publishedIso,
        dateModified: post.modifiedIso,
        mainEntityOfPage: url,
        url,
        publisher: { "@type": "Organization", name: site.name, url: publicUrl },
        ...(post.byline && {
          author: {
            "@type": "Person",
            name: post.byline.name,
            ...(post.byline.handle && { url: `${publicUrl}/authors/${post.byline.handle}` }),
          },
        }),
        ...(post.tags.length > 0 && { keywords: post.tags.join(", ") }),
      },
    },
  ];
}

export default function BlogPost({ loaderData: post }: Route.ComponentProps) {
  return (
    <PostArticle
      post={post}
      notice={
        post.notice && (
          <p
            role="status"
            className="mb-6 rounded-md border border-brick bg-red-50 px-4 py-3 font-medium text-brick"
          >
            {post.notice}
          </p>
        )
      }
      after={
        <div className="mt-12">
          <SubscribeForm id="subscribe-post" heading="Follow the blog by e-mail" />
        </div>
      }
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <ErrorPage title="Blog not found" next={{ href: href("/home"), label: "See all posts" }}>
      <p>Sorry, we were unable to find a blog at this location</p>
    </ErrorPage>
  );
}
