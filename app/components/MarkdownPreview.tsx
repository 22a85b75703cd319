import { useDeferredValue } from "react";
import { renderMarkdown, type TextImages } from "~/posts/markdown.ts";

/** The post as it will look, rendered by the same code as the post page, with the images it may show. */
export function MarkdownPreview({ markdown, images }: { markdown: string; images: TextImages }) {
  const deferred = useDeferredValue(markdown);
  return (
    <div
      className="prose max-w-none prose-headings:font-serif prose-headings:text-heritage-900 prose-a:text-heritage-700"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitises its output
      dangerouslySetInnerHTML={{ __html: renderMarkdown(deferred, images) }}
    />
  );
}
