/**
 * Where to send someone after logging in: only a path on this site, never another site
 * (no "//evil.example", no "/\\evil.example", no "https://…").
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  if (/[\p{Cc}\\]/u.test(to)) return fallback;
  return to;
}
