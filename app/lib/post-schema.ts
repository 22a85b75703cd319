import { z } from "./zod.ts";

export const postLimits = { title: 200, content: 3000 } as const;

/** Characters as a reader counts them: an emoji is one, though JavaScript's length says two. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Control characters other than line breaks and tabs are dropped; Windows line ends count as one. */
function cleanText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(/[\p{Cc}]/gu, (c) => (c === "\n" || c === "\t" ? c : ""));
}

/** The post editor's form: the same rules and messages in the browser and on the server. */
export const postSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .transform((title) => cleanText(title).replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string({ error: "Title is required" })
        .min(1, "Title is required")
        .refine(
          (title) => characterCount(title) <= postLimits.title,
          `Title must not exceed ${postLimits.title} characters`,
        ),
    ),
  content: z
    .string({ error: "Content is required" })
    .transform(cleanText)
    .pipe(
      z
        .string({ error: "Content is required" })
        .refine((content) => content.trim().length > 0, "Content is required")
        .refine(
          (content) => characterCount(content) <= postLimits.content,
          `Content must not exceed ${postLimits.content} characters`,
        ),
    ),
  coverImageId: z.string({ error: "Cover image is required" }).trim().min(1, "Cover image is required"),
});

export type PostForm = z.infer<typeof postSchema>;
