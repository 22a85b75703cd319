import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { getUser } from "~/.server/accounts/auth.ts";
import { db } from "~/.server/db/index.ts";
import { getPost, isPublic, isScheduled, lastChanged, mayEdit, type Post } from "~/.server/posts/posts.ts";
import { renderedContent } from "~/.server/posts/rendered-posts.ts";
import { ErrorPage } from "~/components/ErrorPage.tsx";
import { PageLink } from "~/components/PageLink.tsx";
import { Picture } from "~/components/Picture.tsx";
import { SubscribeForm } from "~/components/SubscribeForm.tsx";
import { TagList } from "~/components/TagList.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { excerpt } from "~/posts/markdown.ts";
import { slugPattern } from "~/posts/slug.ts";
import { formatSydneyDate } from "~/site/dates.ts";
import { seoMeta } from "~/site/seo.ts";
import { site } from "~/site/site.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import { largestVariantUrl } from "~/uploads/image-variants.ts";
import { uploadedImage } from "~/uploads/responsive-image.ts";
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
  const html = renderedContent(post);
  const published = formatSydneyDate(post.publishedOn);
  const updated = post.updatedOn && formatSydneyDate(post.updatedOn);
  return {
    notice: isPublic(post) ? null : notice(post),
    byline: post.byline,
    slug: post.slug,
    title: post.title,
    published,
    publishedIso: post.publishedOn.toISOString(),
    modifiedIso: lastChanged(post).toISOString(),
    // Shown only when it falls on another day than the publication.
    updated: updated !== published ? updated : null,
    updatedIso: post.updatedOn?.toISOString() ?? null,
    cover: post.cover,
    coverAlt: post.coverAlt,
    tags: post.tags,

    description: excerpt(html),
    html,
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
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      {post.notice && (
        <p
          role="status"
          className="mb-6 rounded-md border border-brick bg-red-50 px-4 py-3 font-medium text-brick"
        >
          {post.notice}
        </p>
      )}
      <h1 className="text-3xl leading-tight font-semibold sm:text-5xl">{post.title}</h1>
      <p className="mt-4 text-slate-700">
        {post.byline && (
          <>
            By{" "}
            {post.byline.handle ? (
              <PageLink
                href={`/authors/${post.byline.handle}`}
                rel="author"
                className="font-semibold text-heritage-700 underline underline-offset-4"
              >
                {post.byline.name}
              </PageLink>
            ) : (
              <span className="font-semibold">{post.byline.name}</span>
            )}{" "}
            ·{" "}
          </>
        )}
        Published: <time dateTime={post.publishedIso}>{post.published}</time>
        {post.updated && post.updatedIso && (
          <>
            {" "}
            · Updated: <time dateTime={post.updatedIso}>{post.updated}</time>
          </>
        )}
      </p>
      <TagList tags={post.tags} className="mt-3" />
      {post.cover && (
        <div className="mt-8 overflow-hidden rounded-xl border border-sandstone-300">
          <Picture
            image={uploadedImage(post.cover)}
            alt={post.coverAlt}
            sizes="(min-width: 800px) 768px, 100vw"
            priority
            className="h-auto w-full"
          />
        </div>
      )}
      <div
        className="prose prose-lg mt-10 max-w-none prose-headings:font-serif prose-headings:text-heritage-900 prose-a:text-heritage-700"
        // Rendered by the site's Markdown renderer, which sanitises everything it outputs.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from renderMarkdown
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
      <div className="mt-12">
        <SubscribeForm id="subscribe-post" heading="Follow the blog by e-mail" />
      </div>
      <p className="mt-12">
        <PageLink href="/home" className="font-semibold text-heritage-700 underline underline-offset-4">
          ← All posts
        </PageLink>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <ErrorPage title="Blog not found" next={{ href: "/home", label: "See all posts" }}>
      <p>Sorry, we were unable to find a blog at this location</p>
    </ErrorPage>
  );
}
