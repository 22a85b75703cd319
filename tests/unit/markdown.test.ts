import { describe, expect, it } from "vitest";
import { imageIdsIn, imageMarkdown, plainText, renderMarkdown } from "~/posts/markdown.ts";

describe("the Markdown renderer", () => {
  it("renders GitHub-flavoured Markdown", () => {
    const html = renderMarkdown(
      "## Tips\n\n- **bold** and _em_\n- ~~gone~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted",
    );
    expect(html).toContain("<h2>Tips</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toContain("<table>");
    expect(html).toContain("<blockquote>");
  });

  it("keeps the page's title the only h1", () => {
    expect(renderMarkdown("# Big")).toBe("<h2>Big</h2>");
  });

  it("marks authors' links nofollow ugc noopener", () => {
    expect(renderMarkdown("[site](https://example.org)")).toBe(
      '<p><a href="https://example.org" rel="nofollow ugc noopener">site</a></p>',
    );
  });

  const photo = { id: "abc", width: 900, height: 600, fallback: "jpeg" as const };
  const ownImages = new Map([[photo.id, photo]]);

  it("shows only the text's own images, others of ours as their description and any other as a link", () => {
    expect(renderMarkdown("![cover](/images/abc/800.webp)")).toBe("<p>cover</p>");
    expect(renderMarkdown("![someone else's](/images/other/800.webp)", ownImages)).toBe(
      "<p>someone else's</p>",
    );
    expect(renderMarkdown("![tracker](https://evil.example/pixel.gif)", ownImages)).toBe(
      '<p><a href="https://evil.example/pixel.gif" rel="nofollow ugc noopener">tracker</a></p>',
    );
    expect(renderMarkdown("![x](/images/../site.db)", ownImages)).not.toContain("<img");
  });

  it("shows the text's own image as a responsive picture of its variants, lazily, with its size set", () => {
    const sizes = 'sizes="(min-width: 768px) 42rem, calc(100vw - 2rem)"';
    expect(renderMarkdown("![A cat on a mat](/images/abc/400.webp)", ownImages)).toBe(
      `<p><picture><source type="image/avif" srcset="/images/abc/400.avif 400w, /images/abc/800.avif 800w, /images/abc/900.avif 900w" ${sizes}>` +
        `<source type="image/webp" srcset="/images/abc/400.webp 400w, /images/abc/800.webp 800w, /images/abc/900.webp 900w" ${sizes}>` +
        `<img src="/images/abc/900.jpg" srcset="/images/abc/400.jpg 400w, /images/abc/800.jpg 800w, /images/abc/900.jpg 900w" ${sizes} alt="A cat on a mat" width="900" height="600" loading="lazy" decoding="async">` +
        "</picture></p>",
    );
    // Written any way that still leads to one of its variants, it is the same picture.
    expect(renderMarkdown("![a][p]\n\n[p]: /images/x/../abc/400.webp", ownImages)).toContain(
      'alt="a" width="900" height="600"',
    );
    // A title or an event handler written into the Markdown never reaches the picture.
    const titled = renderMarkdown('![a](/images/abc/400.webp "onerror=alert(1)")', ownImages);
    expect(titled).not.toContain("onerror");
  });

  it("finds the images a text names, as images or as references, and writes one with its description", () => {
    expect(
      imageIdsIn(
        "![a](/images/abc/400.webp)\n\n![b][r] [link](/images/link/400.webp)\n\n[r]: /images/def/400.jpg\n\n![c](https://x.example/y.png)",
      ),
    ).toEqual(["abc", "def"]);
    expect(imageMarkdown(photo, "  A [cat]\non a mat ")).toBe("![A \\[cat\\] on a mat](/images/abc/900.jpg)");
  });

  const hostile = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<iframe src=javascript:alert(1)></iframe>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](java\tscript:alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    '<a href="javascript:alert(1)">x</a>',
    '<div onmouseover="alert(1)">hover</div>',
    "<svg><script>alert(1)</script></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    "<style>body{display:none}</style>",
    '<form action="https://evil.example"><input name=x></form>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<object data="javascript:alert(1)"></object>',
    '[x](https://ok.example "title" onclick=alert(1))',
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "<<script>script>alert(1)<</script>/script>",
  ];

  it.each(hostile)("renders %s inert", (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/<(script|iframe|object|embed|style|form|input|meta|svg|math)\b/i);
    expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
  });

  it("gives plain text for descriptions, cut at a word", () => {
    expect(plainText("## Hello\n\nThis is **bold** & <b>html</b>.")).toBe("Hello This is bold & html.");
    expect(plainText("word ".repeat(100), 20)).toBe("word word word word…");
  });
});
