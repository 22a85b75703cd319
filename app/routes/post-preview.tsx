import { data, href, isRouteErrorResponse, useRouteError } from "react-router";
import { db } from "~/.server/db/index.ts";
import { textImagesOf } from "~/.server/posts/post-images.ts";
import { isScheduled } from "~/.server/posts/posts.ts";
import { previewedPost } from "~/.server/posts/preview-links.ts";
import { postArticle } from "~/.server/posts/rendered-posts.ts";
import { ErrorPage } from "~/components/ErrorPage.tsx";
import { PostArticle } from "~/components/PostArticle.tsx";
import { site } from "~/site/site.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/post-preview";

/**
 * A draft or scheduled post shown to whoever holds its secret link (preview-links.ts). Not a
 * cacheable page (no `cachedPage`), so it goes out `private, no-store` and the page cache never
 * keeps it; nothing lists it, and it asks search engines to leave it out.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const preview = await previewedPost(db(), params.token);
  if (!preview) throw data(null, { status: 404 });
  return {
    ...postArticle(preview.post, await textImagesOf(db(), preview.post.slug)),
    linkEnds: formatSydneyDateTime(preview.expiresAt),
    /** When it goes out: a scheduled post's moment; a draft has none yet. */
    goesOut: isScheduled(preview.post) ? formatSydneyDateTime(preview.post.publishedOn) : null,
  };
}

/** Kept out of search engines (its `meta` keeps the token out of the Referer its requests send). */
export function headers() {
  return { "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData: post, error }: Route.MetaArgs) {
  if (error || !post) return [];
  // No canonical address or sharing tags: the page's own address is the secret.
  return [
    { title: `Preview: ${post.title} | ${site.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function PostPreview({ loaderData: post }: Route.ComponentProps) {
  return (
    <PostArticle
      post={post}
      dates={
        post.goesOut ? (
          <>
            To be published: <time dateTime={post.publishedIso}>{post.goesOut}</time> (Sydney time)
          </>
        ) : (
          "Not published yet"
        )
      }
      notice={
        <section
          aria-labelledby="preview-banner"
          className="mb-8 rounded-md border-2 border-brick bg-red-50 px-4 py-3 text-brick"
        >
          <p id="preview-banner" className="text-xl font-semibold">
            Preview — not published
          </p>
          <p className="mt-1 font-medium">
            Only people with this link can see this post. The link works until {post.linkEnds} (Sydney time),
            or until the post is published.
          </p>
        </section>
      }
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <ErrorPage title="Preview not found" next={{ href: href("/home"), label: "See all posts" }}>
      <p>
        This preview link does not work (any more): it was revoked, it expired, or the post was published or
        deleted.
      </p>
    </ErrorPage>
  );
}
