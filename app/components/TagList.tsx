import { href } from "react-router";
import { PageLink } from "./PageLink.tsx";

/** A post's tags, each a link to its tag page. */
export function TagList({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex list-none flex-wrap gap-2 p-0 ${className ?? ""}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <PageLink
            href={href("/tags/:tag", { tag })}
            className="inline-block rounded-full bg-sandstone-100 px-3 py-0.5 text-sm text-heritage-900 underline-offset-4 hover:underline"
          >
            {tag}
          </PageLink>
        </li>
      ))}
    </ul>
  );
}
