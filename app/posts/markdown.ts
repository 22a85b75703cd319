import type { Element, Root } from "hast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import { type ImageInfo, imageVariantPath, largestVariantUrl, srcSet } from "../uploads/image-variants.ts";

/** The images a text may show, by id: those its post records (decision 037). */
export type TextImages = ReadonlyMap<string, ImageInfo>;

const noImages: TextImages = new Map();

/** How wide an image in a post's text is shown: the text's column, or the screen. */
const textImageSizes = "(min-width: 768px) 42rem, calc(100vw - 2rem)";

/** What a render carries besides its text: the images it may show. */
interface RenderFile {
  data: object;
}

const imagesOf = (file: RenderFile) => (file.data as { images?: TextImages }).images ?? noImages;

/** The id of the image a variant address (`/images/<id>/<variant>`) names. */
const variantId = (variant: string) => variant.split("/")[2] as string;

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
 * image is shown only when its address leads to a variant of one of the text's own images,
 * written as that variant's plain address (a browser loads images unasked, with the reader's
 * cookies, so an address that leads anywhere else, such as `/images/%2e%2e/logout`, must not
 * be one). A variant of an image the text may not show (someone else's, or one since removed)
 * leaves its description as plain text; any other image becomes a plain link to its address,
 * which the reader may choose to follow.
 */
function siteRules() {
  return (tree: Root, file: RenderFile) => {
    const images = imagesOf(file);
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName === "h1") node.tagName = "h2";
      if (node.tagName !== "img") return;
      const src = String(node.properties.src ?? "");
      const variant = imageVariantPath(src);
      if (variant !== undefined && images.has(variantId(variant))) {
        node.properties.src = variant;
        return;
      }
      if (variant !== undefined && parent && index !== undefined) {
        parent.children[index] = { type: "text", value: String(node.properties.alt ?? "") };
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

/**
 * After sanitising, every image left is one of the text's own: shown as the covers are, a
 * responsive picture of its variants with its size set (nothing shifts as it loads), loaded
 * when the reader scrolls near it.
 */
function pictures() {
  return (tree: Root, file: RenderFile) => {
    const images = imagesOf(file);
    visit(tree, "element", (node: Element) => {
      if (node.tagName !== "img") return;
      const image = images.get(variantId(String(node.properties.src)));
      if (!image) return;
      const source = (type: string, srcset: string): Element => ({
        type: "element",
        tagName: "source",
        properties: { type, srcSet: srcset, sizes: textImageSizes },
        children: [],
      });
      const img: Element = {
        type: "element",
        tagName: "img",
        properties: {
          src: largestVariantUrl(image),
          srcSet: srcSet(image, image.fallback),
          sizes: textImageSizes,
          alt: String(node.properties.alt ?? ""),
          width: image.width,
          height: image.height,
          loading: "lazy",
          decoding: "async",
        },
        children: [],
      };
      node.tagName = "picture";
      node.properties = {};
      node.children = [
        source("image/avif", srcSet(image, "avif")),
        source("image/webp", srcSet(image, "webp")),
        img,
      ];
      // Its own img is done: not to be made a picture again.
      return SKIP;
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
  .use(pictures)
  .use(rehypeStringify);

/**
 * A post's Markdown as safe HTML: the one renderer for the post page and the live preview.
 * `images` are the images the text may show (the post's own); any other of ours is left out.
 */
export function renderMarkdown(markdown: string, images: TextImages = noImages): string {
  return String(processor.processSync({ value: markdown, data: { images } }));
}

const parser = unified().use(remarkParse).use(remarkGfm);

/**
 * The ids of our images a text names, as an image or as a definition an image may refer to:
 * what the post records, so it may show them and the sweep keeps them.
 */
export function imageIdsIn(markdown: string): string[] {
  const ids = new Set<string>();
  visit(parser.parse(markdown), (node) => {
    if (node.type !== "image" && node.type !== "definition") return;
    const variant = imageVariantPath((node as { url: string }).url);
    if (variant) ids.add(variantId(variant));
  });
  return [...ids];
}

/** The Markdown that shows an image with its description, as the editor inserts it. */
export function imageMarkdown(image: ImageInfo, description: string): string {
  const alt = description
    .replace(/\s+/g, " ")
    .trim()
    .replace(/([\\[\]])/g, "\\$1");
  return `![${alt}](${largestVariantUrl(image)})`;
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
