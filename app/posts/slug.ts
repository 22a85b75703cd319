/**
 * The readable part of a post's slug: the title lower-cased, whitespace runs turned into
 * single hyphens, and everything that is not safe in a URL path segment removed.
 */
export function slugBase(title: string): string {
  const base = title
    .trim()
    .toLowerCase()
    .normalize("NFC")
    .replace(/\s+/gu, "-")
    .replace(/[^\p{L}\p{N}_-]/gu, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return base || "post";
}

/** A full slug: the readable part, a hyphen and a whole number. */
export function slugWithSuffix(title: string, suffix: number): string {
  return `${slugBase(title)}-${suffix}`;
}

/** Slugs as this site makes them; anything else in a URL cannot be a post. */
export const slugPattern = /^[\p{L}\p{N}_-]{1,255}$/u;
