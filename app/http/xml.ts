/** The markup characters, and the carriage return, which a parser would otherwise read as a line feed. */
const entities = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
  "\r": "&#13;",
} as const;

/** XML 1.0's Char production: tab, line ends, and everything else but surrogates, U+FFFE and U+FFFF. */
function isXmlCharacter(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/**
 * Escapes text for XML content and attribute values. A character XML cannot carry at all,
 * even escaped (a control character, U+FFFF, half a surrogate pair), becomes U+FFFD: one such
 * character would otherwise make the whole document unreadable.
 */
export function escapeXml(text: string): string {
  let escaped = "";
  for (const character of text) {
    if (!isXmlCharacter(character.codePointAt(0) as number)) escaped += "\uFFFD";
    else escaped += entities[character as keyof typeof entities] ?? character;
  }
  return escaped;
}

/** An XML document (sitemaps) that caches may keep for five minutes. */
export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
