import { AppLink } from "./PageLink.tsx";

/** The way back from a post's revisions or preview link to its editor. */
export function BackToEditor({ slug }: { slug: string }) {
  return (
    <p className="mt-3">
      <AppLink
        href={`/edit-post/${slug}`}
        className="font-semibold text-heritage-700 underline underline-offset-4"
      >
        ← Back to the editor
      </AppLink>
    </p>
  );
}
