import { describe, expect, it } from "vitest";
import { plainText, renderMarkdown } from "~/posts/markdown.ts";

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

  it("shows images only from the site's own /images/, others become links", () => {
    expect(renderMarkdown("![cover](/images/abc/800.webp)")).toBe(
      '<p><img src="/images/abc/800.webp" alt="cover"></p>',
    );
    expect(renderMarkdown("![tracker](https://evil.example/pixel.gif)")).toBe(
      '<p><a href="https://evil.example/pixel.gif" rel="nofollow ugc noopener">tracker</a></p>',
    );
    expect(renderMarkdown("![x](/images/../site.db)")).not.toContain("<img");
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
