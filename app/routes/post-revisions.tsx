import { data, Form, href } from "react-router";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { redirectWithToast } from "~/.server/http/toast.ts";
import { editablePost } from "~/.server/posts/post-form.ts";
import { restoreRevision } from "~/.server/posts/posts.ts";
import { type DiffPart, listRevisions, type Revision, wordDiff } from "~/.server/posts/revisions.ts";
import { statusOnSave } from "~/.server/site/settings.ts";
import { BackToEditor } from "~/components/BackToEditor.tsx";
import { FormTokenInput } from "~/components/FormTokenInput.tsx";
import { FormAlert } from "~/components/forms.tsx";
import { AppLink } from "~/components/PageLink.tsx";
import { PostEditorError } from "~/components/PostEditorError.tsx";
import { appPage } from "~/http/page-kinds.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { formatSydneyDateTime } from "~/site/sydney-time.ts";
import type { Route } from "./+types/post-revisions";

/** A writing page: it hydrates (decision 025). */
export const handle = appPage;

const kindLabels: Record<Revision["kind"], string> = {
  save: "Saved",
  restore: "Restored",
  autosave: "Autosaved",
};
const statusLabels: Record<Revision["status"], string> = {
  published: "published",
  draft: "draft",
  review: "awaiting review",
};

/** What changed between a revision and the current version, field by field (unchanged fields left out). */
function changes(revision: Revision, current: Revision) {
  const fields: { label: string; parts: DiffPart[] }[] = [];
  const compare = (label: string, before: string, after: string) => {
    if (before !== after) fields.push({ label, parts: wordDiff(before, after) });
  };
  compare("Title", revision.title, current.title);
  compare("Content", revision.content, current.content);
  compare("Description of the cover", revision.coverAlt, current.coverAlt);
  compare("Tags", revision.tags.join(", "), current.tags.join(", "));
  return { fields, coverChanged: revision.coverImageId !== current.coverImageId };
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { post } = await editablePost(db(), request, url, params.slug);
  const revisions = await listRevisions(db(), post.slug);
  const [current] = revisions;
  const chosenId = Number(url.searchParams.get("revision"));
  const chosen = revisions.find((revision) => revision.id === chosenId && revision !== current);
  return {
    post: { slug: post.slug, title: post.title, savedAt: post.savedAt.getTime() },
    revisions: revisions.map((revision) => ({
      id: revision.id,
      when: formatSydneyDateTime(revision.savedAt),
      iso: revision.savedAt.toISOString(),
      by: revision.savedByName ?? "Someone no longer registered",
      kind: kindLabels[revision.kind],
      status: statusLabels[revision.status],
      title: revision.title,
    })),
    compared:
      chosen && current
        ? { id: chosen.id, when: formatSydneyDateTime(chosen.savedAt), ...changes(chosen, current) }
        : null,
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { user, post } = await editablePost(db(), request, url, params.slug);
  const form = await readForm(request);
  const revisionId = Number(form.get("revision"));
  const basedOn = Number(form.get("basedOn"));
  const status = post.status === "draft" ? "draft" : await statusOnSave(db(), user, "publish");
  const outcome = await restoreRevision(db(), post, revisionId, user, {
    status,
    basedOn: Number.isSafeInteger(basedOn) ? basedOn : undefined,
  });
  if (outcome === "saved") return redirectWithToast(href("/edit-post/:slug", post), "Revision restored");
  if (outcome === "missing") throw data(null, { status: 404 });
  const messages = {
    "no such revision": "There is no such revision of this post.",
    incomplete:
      "This revision has no content, or its cover is no longer kept, and a published post needs both: save the post as a draft first to restore it.",
    changed: "This post was saved elsewhere since you opened this page, so nothing was restored. Look again.",
  };
  return data({ error: messages[outcome] }, { status: outcome === "changed" ? 409 : 400 });
}

export function meta({ matches, loaderData, error }: Route.MetaArgs) {
  if (error || !loaderData) return [];
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: `Revisions of “${loaderData.post.title}”`,
      description: "Every saved version of your post: compare one with the current version, or restore it.",
      path: `/edit-post/${loaderData.post.slug}/revisions`,
    }),
    { name: "robots", content: "noindex" },
  ];
}

const changeStyles: Record<DiffPart["change"], string> = {
  same: "",
  removed: "bg-red-100 text-brick line-through decoration-2",
  added: "bg-green-100 text-green-900 underline decoration-2",
};

function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="font-mono text-sm leading-relaxed break-words whitespace-pre-wrap">
      {parts.map((part, index) => {
        const key = `${index}-${part.change}`;
        if (part.change === "removed")
          return (
            <del key={key} className={changeStyles.removed}>
              {part.text}
            </del>
          );
        if (part.change === "added")
          return (
            <ins key={key} className={changeStyles.added}>
              {part.text}
            </ins>
          );
        return <span key={key}>{part.text}</span>;
      })}
    </p>
  );
}

export default function PostRevisions({
  loaderData: { post, revisions, compared },
  actionData,
}: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold break-words sm:text-4xl">Revisions of “{post.title}”</h1>
      <p className="mt-3 text-slate-700">
        Every save is kept here, newest first (the last 50). Compare one with the current version, or restore
        it: a restore is saved as a new revision, so it can be undone too.
      </p>
      <BackToEditor slug={post.slug} />
      <FormAlert id="restore-error" errors={actionData?.error ? [actionData.error] : undefined} />
      {compared && (
        <section
          aria-labelledby="changes-heading"
          className="mt-8 rounded-md border border-sandstone-300 bg-white p-4 sm:p-6"
        >
          <h2 id="changes-heading" className="text-xl font-semibold">
            From the revision of {compared.when} to the current version
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            <del className={changeStyles.removed}>Struck-out words</del> are in the revision only;{" "}
            <ins className={changeStyles.added}>underlined words</ins> are in the current version only.
          </p>
          {compared.fields.length === 0 && !compared.coverChanged && (
            <p className="mt-4">The text of this revision is the same as the current version.</p>
          )}
          {compared.fields.map((field) => (
            <div key={field.label} className="mt-4">
              <h3 className="font-semibold text-heritage-900">{field.label}</h3>
              <Diff parts={field.parts} />
            </div>
          ))}
          {compared.coverChanged && <p className="mt-4">The cover image is different.</p>}
          <Form method="post" className="mt-6">
            <FormTokenInput />
            <input type="hidden" name="revision" value={compared.id} />
            <input type="hidden" name="basedOn" value={post.savedAt} />
            <button
              type="submit"
              className="rounded-md bg-heritage-700 px-6 py-2.5 font-semibold text-white hover:bg-heritage-900"
            >
              Restore this revision
            </button>
          </Form>
        </section>
      )}
      <h2 className="mt-10 text-xl font-semibold">Saved versions</h2>
      <ol className="mt-4 divide-y divide-sandstone-300 rounded-xl border border-sandstone-300 bg-white">
        {revisions.map((revision, index) => (
          <li key={revision.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
            <div className="min-w-0">
              <p className="font-medium break-words">{revision.title}</p>
              <p className="text-sm text-slate-700">
                {revision.kind} <time dateTime={revision.iso}>{revision.when}</time> by {revision.by} (
                {revision.status})
              </p>
            </div>
            {index === 0 ? (
              <span className="text-sm font-semibold text-heritage-900">Current version</span>
            ) : (
              <AppLink
                href={`/edit-post/${post.slug}/revisions?revision=${revision.id}#changes-heading`}
                className="font-semibold text-heritage-700 underline underline-offset-4"
              >
                Compare<span className="sr-only"> the revision of {revision.when}</span>
              </AppLink>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

export const ErrorBoundary = PostEditorError;
