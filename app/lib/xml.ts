/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => `&${({ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" } as const)[c as "<"]};`,
  );
}

/** An XML document (sitemaps) that caches may keep for five minutes. */
export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
