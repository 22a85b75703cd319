import type { ReactNode } from "react";
import { href } from "react-router";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { uploadedImage } from "~/uploads/responsive-image.ts";
import { PageLink } from "./PageLink.tsx";
import { Picture } from "./Picture.tsx";
import { TagList } from "./TagList.tsx";

/** What a post's page shows of it (rendered-posts.ts `postArticle`). */
export interface PostArticleData {
  byline: { name: string; handle: string | null } | null;
  slug: string;
  title: string;
  published: string;
  publishedIso: string;
  modifiedIso: string;
  /** Only when it falls on another day than the publication. */
  updated: string | null;
  updatedIso: string | null;
  cover: ImageInfo | null;
  coverAlt: string;
  tags: string[];
  description: string;
  /** Sanitised by the site's Markdown renderer. */
  html: string;
}

/**
 * A post as readers see it: on the blog, and in a preview of a draft (with its notice above,
 * and `dates` saying when it goes out in place of its dates); `after` comes below the article,
 * outside it (the blog's subscribe form: the article holds the post alone).
 */
export function PostArticle({
  post,
  notice,
  dates,
  after,
}: {
  post: PostArticleData;
  notice?: ReactNode;
  dates?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      {notice}
      <article>
        <h1 className="text-3xl leading-tight font-semibold sm:text-5xl">{post.title}</h1>
        <p className="mt-4 text-slate-700">
          {post.byline && (
            <>
              By{" "}
              {post.byline.handle ? (
                <PageLink
                  href={href("/authors/:handle", { handle: post.byline.handle })}
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
          {dates ?? (
            <>
              Published: <time dateTime={post.publishedIso}>{post.published}</time>
              {post.updated && post.updatedIso && (
                <>
                  {" "}
                  · Updated: <time dateTime={post.updatedIso}>{post.updated}</time>
                </>
              )}
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
      </article>
      {after}
      <p className="mt-12">
        <PageLink
          href={href("/home")}
          className="font-semibold text-heritage-700 underline underline-offset-4"
        >
          ← All posts
        </PageLink>
      </p>
    </div>
  );
}
