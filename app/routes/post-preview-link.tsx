import { useState } from "react";
import { data, Form, href } from "react-router";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { editablePost } from "~/.server/posts/post-form.ts";
import { endPreviewLink } from "~/.server/posts/posts.ts";
import { makePreviewLink, previewable, previewLinkExpiry } from "~/.server/posts/preview-links.ts";
import { BackToEditor } from "~/components/BackToEditor.tsx";
import { FormTokenInput } from "~/components/FormTokenInput.tsx";
import { FormAlert } from "~/components/forms.tsx";
import { PostEditorError } from "~/components/PostEditorError.tsx";
import { useHydrated } from "~/components/use-hydrated.ts";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/post-preview-link";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { post } = await editablePost(db(), request, url, params.slug);
  const expiry = await previewLinkExpiry(db(), post.slug);
  return {
    post: { slug: post.slug, title: post.title, previewable: previewable(post) },
    linkEnds: expiry && formatSydneyDateTime(expiry),
  };
}

const notPreviewable =
  "Only a draft or a scheduled post can have a preview link: this post is published (or hidden), so its page is the one to share.";

export async function action({ request, params, url }: Route.ActionArgs) {
  const { post } = await editablePost(db(), request, url, params.slug);
  const form = await readForm(request);
  if (form.get("intent") === "revoke") {
    await endPreviewLink(db(), post.slug);
    return redirectWithToast(href("/edit-post/:slug/preview-link", post), "Preview link revoked");
  }
  if (!previewable(post)) return data({ error: notPreviewable, link: null }, { status: 400 });
  const token = await makePreviewLink(db(), post.slug);
  // Shown once, here: only its hash is kept.
  return { error: null, link: `${config().publicUrl}${href("/preview/:token", { token })}` };
}

export function meta({ matches, loaderData, error }: Route.MetaArgs) {
  if (error || !loaderData) return [];
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: `Preview link for “${loaderData.post.title}”`,
      description: "A secret link that shows your draft to people without an account, until it is published.",
      path: `/edit-post/${loaderData.post.slug}/preview-link`,
    }),
    { name: "robots", content: "noindex" },
  ];
}

const buttonClass =
  "rounded-md bg-heritage-700 px-6 py-2.5 font-semibold text-white hover:bg-heritage-900 disabled:opacity-50";

/** Copies the link; where the browser will not (no clipboard outside HTTPS), the field stays selectable. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState("");
  return (
    <>
      <button
        type="button"
        className={buttonClass}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied("Copied"),
            () => setCopied("Could not copy: select the link and copy it"),
          )
        }
      >
        Copy link
      </button>
      <p role="status" className="w-full text-sm text-heritage-900">
        {copied}
      </p>
    </>
  );
}

export default function PostPreviewLink({
  loaderData: { post, linkEnds },
  actionData,
}: Route.ComponentProps) {
  const hydrated = useHydrated();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold break-words sm:text-4xl">Preview link for “{post.title}”</h1>
      <p className="mt-3 text-slate-700">
        A secret link shows the post as last saved to anyone who has it, without an account, marked as a
        preview. It works for 7 days, until you revoke it, or until the post is published or deleted. A post
        has one link at a time: making a new one ends the old one.
      </p>
      <BackToEditor slug={post.slug} />
      <FormAlert id="preview-link-error" errors={actionData?.error ? [actionData.error] : undefined} />
      {actionData?.link && (
        <div className="mt-6 rounded-md border border-heritage-700 bg-heritage-50 p-4">
          <label htmlFor="preview-link" className="block font-semibold text-heritage-900">
            Your preview link (copy it now: it is shown only once)
          </label>
          <div className="mt-2 flex flex-wrap gap-3">
            <input
              id="preview-link"
              readOnly
              value={actionData.link}
              onFocus={(event) => event.currentTarget.select()}
              className="block min-w-0 flex-1 basis-64 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm"
            />
            {hydrated && <CopyButton text={actionData.link} />}
          </div>
        </div>
      )}
      {!post.previewable ? (
        <p className="mt-6">{notPreviewable}</p>
      ) : (
        <section aria-labelledby="link-state" className="mt-8">
          <h2 id="link-state" className="text-xl font-semibold">
            {linkEnds ? `A preview link works until ${linkEnds} (Sydney time)` : "No preview link"}
          </h2>
          <div className="mt-4 flex flex-wrap gap-4">
            <Form method="post">
              <FormTokenInput />
              <button type="submit" name="intent" value="make" className={buttonClass}>
                {linkEnds ? "Make a new link" : "Make a preview link"}
              </button>
            </Form>
            {linkEnds && (
              <Form method="post">
                <FormTokenInput />
                <button
                  type="submit"
                  name="intent"
                  value="revoke"
                  className="rounded-md border border-brick px-6 py-2.5 font-semibold text-brick hover:bg-red-50"
                >
                  Revoke the link
                </button>
              </Form>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

export const ErrorBoundary = PostEditorError;
