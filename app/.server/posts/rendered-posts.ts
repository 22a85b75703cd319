import { renderMarkdown } from "~/posts/markdown.ts";
import { singleton } from "../singleton.ts";
import type { Post } from "./posts.ts";

const capacity = 500;

/** A post's HTML, rendered once per saved version rather than on every request. */
export function renderedContent(post: Pick<Post, "slug" | "savedAt" | "content">): string {
  const cache = singleton("renderedPosts", () => new Map<string, string>());
  const key = `${post.slug}@${post.savedAt.getTime()}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderMarkdown(post.content);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
    cache.set(key, html);
  }
  return html;
}
