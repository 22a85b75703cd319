/** Tags: how many a post may carry and what one may be (SPEC §12). */
export const tagLimits = { perPost: 5, length: 30 } as const;

/** Letters, digits, spaces and hyphens, with at least one letter or digit. */
const tagPattern = /^(?=.*[\p{L}\p{N}])[\p{L}\p{N} -]+$/u;

/** A tag as stored: composed (NFC), trimmed, inner runs of spaces made one, lower-case. */
export function normalTag(text: string): string {
  return text.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** The tags in a comma-separated field, normalised, empties dropped and duplicates folded. */
export function splitTags(field: string): string[] {
  return [
    ...new Set(
      field
        .split(",")
        .map(normalTag)
        .filter((tag) => tag !== ""),
    ),
  ];
}

/** Why a tag list cannot be saved, or undefined when it can. */
export function tagListProblem(tags: string[]): string | undefined {
  if (tags.length > tagLimits.perPost) return `A post may have at most ${tagLimits.perPost} tags`;
  for (const tag of tags) {
    if ([...tag].length > tagLimits.length) return `Each tag must not exceed ${tagLimits.length} characters`;
    if (!tagPattern.test(tag)) return "Tags may use only letters, digits, spaces and hyphens";
  }
  return undefined;
}

/** Whether text is a tag as stored (route parameters). */
export function isTag(text: string): boolean {
  return text === normalTag(text) && text !== "" && tagListProblem([text]) === undefined;
}
