import type { ComponentProps } from "react";
import { isPagePath, PageLink } from "../PageLink.tsx";

/** A link written in a content page's Markdown: a `PageLink` when it leads to one of the site's pages. */
export function ContentLink({ href = "", ...props }: ComponentProps<"a">) {
  return isPagePath(href) ? <PageLink href={href} {...props} /> : <a href={href} {...props} />;
}
