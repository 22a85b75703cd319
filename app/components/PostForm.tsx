import {
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
  useInputControl,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "~/components/use-hydrated.ts";
import { formTokenField } from "~/http/form-token-field.ts";
import { characterCount, postLimits, postSchema } from "~/posts/post-schema.ts";
import type { OtherVersion, PendingWork } from "~/posts/versions.ts";
import type { ImageInfo } from "~/uploads/image-variants.ts";
import { AutosaveStatusLine, ConflictPanel, PendingOffer } from "./Autosave.tsx";
import { FormTokenInput, useFormToken } from "./FormTokenInput.tsx";
import { dirtyOrTouched, FormAlert, liveFormProps } from "./forms.tsx";
import { ImageUpload } from "./ImageUpload.tsx";
import { MarkdownPreview } from "./MarkdownPreview.tsx";
import { AppLink } from "./PageLink.tsx";
import { TagField } from "./TagField.tsx";
import { TextImageInsert } from "./TextImageInsert.tsx";
import { useAutosave } from "./use-autosave.ts";

export interface EditablePost {
  slug: string;
  title: string;
  content: string;
  cover: ImageInfo | null;
  coverAlt: string;
  tags: string[];
  draft: boolean;
  /** Its scheduled moment as a Sydney wall time, while that is still to come. */
  publishAt: string | undefined;
  /** It has been public: its date stays, and it cannot be scheduled again. */
  beenPublic: boolean;
  /** The version this editor starts from: a save finds out whether another came since. */
  savedAt: number;
  /** The images its text may show (post-images.ts). */
  textImages: ImageInfo[];
}

interface PostFormProps {
  lastResult: SubmissionResult<string[]> | undefined;
  /** The post being edited; absent when writing a new one. */
  post?: EditablePost;
  /** Identifies this new-post form, so sending it twice saves one post. */
  submissionId?: string;
  /** The site's tags, offered as suggestions. */
  knownTags: string[];
  /** A save refused because another came first: what that one stored. */
  conflict?: OtherVersion;
  /** Work on a published post kept on its own last time, offered back (decision 038). */
  pending?: PendingWork | null;
}

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-brick focus:border-heritage-700";

function Counter({ length, max, id }: { length: number; max: number; id: string }) {
  return (
    <span id={id} className={`text-sm ${length > max ? "font-semibold text-brick" : "text-slate-700"}`}>
      {length} / {max}
    </span>
  );
}

function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="mt-1 min-h-5 text-sm text-brick">
      {errors?.[0]}
    </p>
  );
}

/** The editor for new and existing posts: title, Markdown with a live preview, cover image. */
export function PostForm({ lastResult, post, submissionId, knownTags, conflict, pending }: PostFormProps) {
  const formToken = useFormToken();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: post ? `edit-${post.slug}` : "create-post",
    lastResult,
    defaultValue: post && {
      title: post.title,
      content: post.content,
      coverImageId: post.cover?.id ?? "",
      coverAlt: post.coverAlt,
      tags: post.tags.join(", "),
      publishAt: post.publishAt ?? "",
    },
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
  });
  const cover = useInputControl(fields.coverImageId);
  const setCover = useCallback((id: string) => cover.change(id), [cover.change]);
  const tags = useInputControl(fields.tags);
  const checked = postSchema.safeParse(form.value ?? {});
  const valid = checked.success;
  // A draft needs only its title (SPEC §14).
  const validDraft = postSchema.safeParse({ ...form.value, intent: "draft" }).success;
  // The cover has no field to leave, so nothing validates it on blur: once it is all that is
  // missing, say so, since Publish stays disabled until it is there.
  const onlyCoverMissing =
    !checked.success && checked.error.issues.every((issue) => issue.path[0] === fields.coverImageId.name);
  const coverErrors =
    fields.coverImageId.errors ??
    (onlyCoverMissing ? checked.error.issues.map((issue) => issue.message) : undefined);
  const submitting = navigation.state === "submitting";
  const title = fields.title.value ?? "";
  const content = fields.content.value ?? "";
  // The images the preview may show: the post's own, and those inserted here.
  const [textImages, setTextImages] = useState(
    () => new Map((post?.textImages ?? []).map((image) => [image.id, image])),
  );
  const contentArea = useRef<HTMLTextAreaElement>(null);
  function insertImage(markdown: string, image: ImageInfo) {
    setTextImages((images) => new Map(images).set(image.id, image));
    const start = contentArea.current?.selectionStart ?? content.length;
    const end = contentArea.current?.selectionEnd ?? start;
    form.update({
      name: fields.content.name,
      value: content.slice(0, start) + markdown + content.slice(end),
    });
  }

  // With JavaScript, the editor saves on its own (decision 038); a choice offered waits first.
  const [offer, setOffer] = useState(pending ?? undefined);
  // A restored pending autosave may bring another cover than the post's.
  const [restoredCover, setRestoredCover] = useState<ImageInfo>();
  const savedAt = post?.savedAt;
  const startedFrom = useMemo(
    () => (savedAt === undefined ? undefined : { basedOn: savedAt, pendingAt: null }),
    [savedAt],
  );
  const autosave = useAutosave({
    formId: form.id,
    slug: post?.slug,
    versions: startedFrom,
    snapshot: JSON.stringify(
      [fields.title, fields.content, fields.coverImageId, fields.coverAlt, fields.tags, fields.publishAt].map(
        (field) => field.value ?? "",
      ),
    ),
    allowed: hydrated && validDraft && !offer && navigation.state === "idle",
    conflict,
  });
  const { adopt } = autosave;
  /** Fills the form with stored work (their version, or a pending autosave). */
  const fill = (stored: Pick<OtherVersion, "title" | "content" | "coverAlt" | "tags">) => {
    form.update({ name: fields.title.name, value: stored.title });
    form.update({ name: fields.content.name, value: stored.content });
    form.update({ name: fields.coverAlt.name, value: stored.coverAlt });
    form.update({ name: fields.tags.name, value: stored.tags.join(", ") });
  };
  const busy = submitting || autosave.saving;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...liveFormProps(form)}
      noValidate
      className="space-y-6"
    >
      <FormTokenInput />
      {submissionId && <input type="hidden" name="submissionId" value={submissionId} />}
      {autosave.versions && <input type="hidden" name="basedOn" value={autosave.versions.basedOn} />}
      {/* A new post the editor saved as a draft on its own: saving the form saves that draft. */}
      {!post && autosave.slug && <input type="hidden" name="slug" value={autosave.slug} />}
      {hydrated && offer && post && (
        <PendingOffer
          pending={offer}
          onRestore={() => {
            fill(offer);
            if (offer.cover) {
              setCover(offer.cover.id);
              setRestoredCover(offer.cover);
            }
            adopt({ basedOn: post.savedAt, pendingAt: offer.savedAt }, "stored");
            setOffer(undefined);
          }}
          onDiscard={() => {
            void fetch(`/edit-post/${post.slug}/autosave?discard`, {
              method: "POST",
              body: new URLSearchParams({ pendingAt: String(offer.savedAt), [formTokenField]: formToken }),
            });
            setOffer(undefined);
          }}
        />
      )}
      {post && (
        <div>
          <label htmlFor="slug" className="block font-medium text-heritage-900">
            Slug
          </label>
          <input
            id="slug"
            value={post.slug}
            readOnly
            className={`${inputClass} bg-sandstone-100 text-slate-700`}
          />
        </div>
      )}
      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor={fields.title.id} className="block font-medium text-heritage-900">
            Title
          </label>
          <Counter
            length={characterCount(title.trim())}
            max={postLimits.title}
            id={`${fields.title.id}-count`}
          />
        </div>
        <input
          {...getInputProps(fields.title, {
            type: "text",
            ariaDescribedBy: `${fields.title.errorId} ${fields.title.id}-count`,
          })}
          key={fields.title.key}
          className={inputClass}
        />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <div className="flex items-baseline justify-between">
            <label htmlFor={fields.content.id} className="block font-medium text-heritage-900">
              Content (Markdown)
            </label>
            <Counter
              length={characterCount(content)}
              max={postLimits.content}
              id={`${fields.content.id}-count`}
            />
          </div>
          <textarea
            {...getTextareaProps(fields.content, {
              ariaDescribedBy: `${fields.content.errorId} ${fields.content.id}-count`,
            })}
            key={fields.content.key}
            ref={contentArea}
            rows={18}
            className={`${inputClass} font-mono text-sm leading-relaxed`}
          />
          <FieldError id={fields.content.errorId} errors={fields.content.errors} />
          <TextImageInsert onInsert={insertImage} />
        </div>
        <section
          aria-labelledby="preview-heading"
          className="rounded-md border border-sandstone-300 bg-white p-4"
        >
          <h2
            id="preview-heading"
            className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase"
          >
            Preview
          </h2>
          <MarkdownPreview markdown={content} images={textImages} />
        </section>
      </div>
      <div>
        <ImageUpload
          name={fields.coverImageId.name}
          value={cover.value ?? ""}
          onChange={setCover}
          current={restoredCover ?? post?.cover ?? undefined}
          errorId={fields.coverImageId.errorId}
          invalid={Boolean(coverErrors)}
        />
        <FieldError id={fields.coverImageId.errorId} errors={coverErrors} />
      </div>
      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor={fields.coverAlt.id} className="block font-medium text-heritage-900">
            Describe the image
          </label>
          <Counter
            length={characterCount((fields.coverAlt.value ?? "").trim())}
            max={postLimits.coverAlt}
            id={`${fields.coverAlt.id}-count`}
          />
        </div>
        <p id={`${fields.coverAlt.id}-hint`} className="text-sm text-slate-700">
          Optional: what the cover shows, for readers who cannot see it.
        </p>
        <input
          {...getInputProps(fields.coverAlt, {
            type: "text",
            ariaDescribedBy: `${fields.coverAlt.id}-hint ${fields.coverAlt.errorId} ${fields.coverAlt.id}-count`,
          })}
          key={fields.coverAlt.key}
          className={inputClass}
        />
        <FieldError id={fields.coverAlt.errorId} errors={fields.coverAlt.errors} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <TagField
          id={fields.tags.id}
          name={fields.tags.name}
          value={tags.value ?? ""}
          onChange={tags.change}
          onBlur={tags.blur}
          errorId={fields.tags.errorId}
          errors={fields.tags.errors}
          knownTags={knownTags}
          className={inputClass}
        />
        {post?.beenPublic ? (
          <p className="text-slate-700">
            This post has been published: its Published date stays, and a change shows as Updated.
          </p>
        ) : (
          <div>
            <label htmlFor={fields.publishAt.id} className="block font-medium text-heritage-900">
              Publish at
            </label>
            <p id={`${fields.publishAt.id}-hint`} className="text-sm text-slate-700">
              Optional, Sydney time: the post stays hidden until then. Empty publishes at once.
            </p>
            <input
              {...getInputProps(fields.publishAt, {
                type: "datetime-local",
                ariaDescribedBy: `${fields.publishAt.id}-hint ${fields.publishAt.errorId}`,
              })}
              key={fields.publishAt.key}
              className={inputClass}
            />
            <FieldError id={fields.publishAt.errorId} errors={fields.publishAt.errors} />
          </div>
        )}
      </div>
      <FormAlert id={form.errorId} errors={form.errors} />
      {autosave.conflict && (
        <ConflictPanel
          other={autosave.conflict}
          interactive={hydrated}
          onKeepMine={() => autosave.conflict && adopt(autosave.conflict, "mine")}
          onUseTheirs={() => {
            if (!autosave.conflict) return;
            fill(autosave.conflict);
            adopt(autosave.conflict, "stored");
          }}
        />
      )}
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          name="intent"
          value="publish"
          disabled={hydrated && (!valid || busy)}
          className="rounded-md bg-heritage-700 px-6 py-2.5 font-semibold text-white hover:bg-heritage-900 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Publish
        </button>
        <button
          type="submit"
          name="intent"
          value="draft"
          disabled={hydrated && (!validDraft || busy)}
          className="rounded-md border border-heritage-700 px-6 py-2.5 font-semibold text-heritage-700 hover:bg-heritage-50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Save draft
        </button>
        {post && (
          <AppLink
            href={`/edit-post/${post.slug}?delete`}
            className="rounded-md border border-brick px-6 py-2.5 font-semibold text-brick hover:bg-red-50"
          >
            Delete
          </AppLink>
        )}
      </div>
      {hydrated && <AutosaveStatusLine status={autosave.status} keptAside={Boolean(post && !post.draft)} />}
    </Form>
  );
}
