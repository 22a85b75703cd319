import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/posts/markdown.ts";
import { imageVariantPath } from "~/uploads/image-variants.ts";

const id = "3f2a9c0d1e4b5a6978877665544332211";

describe("the address of an image in a post", () => {
  it.each([
    [`/images/${id}/400.webp`, `/images/${id}/400.webp`],
    [`/images/${id}/1260.avif`, `/images/${id}/1260.avif`],
    [`/images/${id}/800.jpg`, `/images/${id}/800.jpg`],
    [`images/${id}/800.png`, `/images/${id}/800.png`],
    // Browsers drop tabs and newlines anywhere in a URL and resolve dot segments.
    [`/ima\tges/${id}/400.webp`, `/images/${id}/400.webp`],
    [`/images/other/../${id}/400.webp`, `/images/${id}/400.webp`],
    [`/images/%2e/${id}/400.webp`, `/images/${id}/400.webp`],
  ])("%j leads to the variant %s", (src, path) => {
    expect(imageVariantPath(src)).toBe(path);
  });

  it.each([
    "/images/%2e%2e/logout",
    "/images/%2E%2E/logout",
    "/images/%2e./logout",
    "/images/.%2E/logout",
    "/images/../logout",
    "/images/x/../../logout",
    "/images/x/..%2flogout",
    "/images/x/..%2Flogout",
    "/images/x/%2e%2e%2flogout",
    "\\images\\..\\logout",
    "/images\\..\\logout",
    "/images/..\\logout",
    "/images//logout",
    "/images/x/400.webp/../../../logout",
    "/images/\t..\t/logout",
    "/images/.\n./logout",
    "/images/x/400.webp?next=/logout",
    "/images/x/400.webp#/logout",
    `/images/${id}/400.webp/`,
    `/images/${id}/400.gif`,
    `/images/${id}/400.WEBP`,
    `/images/${id}/x400.webp`,
    `/images/${id}`,
    "/images/",
    "/logout",
    "logout",
    "../logout",
    "http://127.0.0.1:3000/logout",
    `http://127.0.0.1:3000/images/${id}/400.webp`,
    `//evil.example/images/${id}/400.webp`,
    `\\\\evil.example/images/${id}/400.webp`,
    `/\\evil.example/images/${id}/400.webp`,
    `https:evil.example/images/${id}/400.webp`,
    "javascript:alert(1)//images/a/400.webp",
    "data:image/png;base64,iVBORw0KGgo=",
    "",
    "http://[::1",
  ])("%j leads to no image of ours", (src) => {
    expect(imageVariantPath(src)).toBeUndefined();
  });
});

describe("images in a post's Markdown", () => {
  it("writes the variant's plain address, however the author spelt it", () => {
    const own = new Map([[id, { id, width: 900, height: 600, fallback: "jpeg" as const }]]);
    const html = renderMarkdown(`![cover](/images/other/../${id}/400.webp)`, own);
    expect(html).toContain("<picture>");
    expect(html).toContain(`/images/${id}/`);
    expect(html).not.toContain("other");
    expect(html).not.toContain("..");
  });

  it.each([
    "![x](/images/%2e%2e/logout)",
    "![x](/images/%2E%2E/logout)",
    "![x](/images/../logout)",
    "![x](/images/x/..%2flogout)",
    "![x](\\images\\..\\logout)",
    "![x](</images/\\../logout>)",
    "![x](/images//logout)",
    "![x](</images/\t../logout>)",
    "![x](http://127.0.0.1:3000/logout)",
    "![x](//evil.example/pixel.gif)",
    "![x][ref]\n\n[ref]: /images/%2e%2e/logout",
  ])("shows no image for %j, only a link to follow or not", (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toContain("<img");
    expect(html).toMatch(/^<p><a href="[^"]+" rel="nofollow ugc noopener">x<\/a><\/p>$/);
  });

  it.each([
    "![x](javascript:alert(1))",
    "![x](JAVASCRIPT:alert(1))",
    "![x](java\tscript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "![x](vbscript:msgbox(1))",
  ])("keeps %j as text with no address at all", (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("href");
  });

  it.each([
    ["[x](/logout)", "/logout"],
    ["[x](//evil.example)", "//evil.example"],
    // Markdown turns an escaped backslash into one, and the renderer writes it percent-encoded.
    ["[x](\\\\evil.example)", "%5Cevil.example"],
    ["[x](/\\evil.example)", "/%5Cevil.example"],
  ])("leaves %j a link the reader must choose to follow", (markdown, href) => {
    expect(renderMarkdown(markdown)).toBe(`<p><a href="${href}" rel="nofollow ugc noopener">x</a></p>`);
  });
});
