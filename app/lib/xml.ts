/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => `&${({ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" } as const)[c as "<"]};`,
  );
}
