import type { Element, Root } from "hast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { imageVariantPath } from "../uploads/image-variants.ts";

/** GitHub's rules, tightened: only web and mail links, and images only from this site. */
const schema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    href: ["http", "https", "mailto"],
    src: [],
    cite: ["http", "https"],
    longDesc: [],
  },
};

/**
 * Before sanitising: the page's title is its only h1, so headings in a post start at h2; and an
 * image is shown only when its address leads to one of our image variants, written as that
 * variant's plain address (a browser loads images unasked, with the reader's cookies, so an
 * address that leads anywhere else, such as `/images/%2e%2e/logout`, must not be one). Any
 * other image becomes a plain link to its address, which the reader may choose to follow.
 */
function siteRules() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      if (node.tagName === "h1") node.tagName = "h2";
      if (node.tagName !== "img") return;
      const src = String(node.properties.src ?? "");
      const variant = imageVariantPath(src);
      if (variant !== undefined) {
        node.properties.src = variant;
        return;
      }
      const alt = String(node.properties.alt ?? "") || src;
      node.tagName = "a";
      node.properties = { href: src };
      node.children = [{ type: "text", value: alt }];
    });
  };
}

/** After sanitising: links written by authors are not endorsed by the site. */
function untrustedLinks() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      if (node.tagName === "a" && node.properties.href) node.properties.rel = ["nofollow", "ugc", "noopener"];
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(siteRules)
  .use(rehypeSanitize, schema)
  .use(untrustedLinks)
  .use(rehypeStringify);

/** A post's Markdown as safe HTML: the one renderer for the post page and the live preview. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Decodes the entities the HTML serialiser writes (numeric ones and the few named ones). */
function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return namedEntities[code.toLowerCase()] ?? entity;
  });
}

/** Plain text of a post for descriptions and feeds: Markdown syntax dropped, whitespace folded. */
export function plainText(markdown: string, maxLength = 160): string {
  return excerpt(renderMarkdown(markdown), maxLength);
}

/** The same, from HTML already rendered by `renderMarkdown`. */
export function excerpt(html: string, maxLength = 160): string {
  const text = decodeEntities(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const midWord = /\S/.test(text.charAt(maxLength - 1));
  return `${midWord ? cut.replace(/\s+\S*$/, "") : cut.trimEnd()}…`;
}
