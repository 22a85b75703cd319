import { z } from "../http/zod.ts";
import { instantOfSydneyWallTime, wallTimePattern } from "../site/sydney-time.ts";
import { splitTags, tagListProblem } from "./tags.ts";

export const postLimits = { title: 200, content: 3000, coverAlt: 200 } as const;

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

const maxScheduleMs = 2 * 366 * 24 * 3_600_000;

/** The post editor's form: the same rules and messages in the browser and on the server. */
export const postSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      // Missing is the same as empty, so that the rules for publishing below still run.
      .optional()
      .transform((title) =>
        cleanText(title ?? "")
          .replace(/\s+/g, " ")
          .trim(),
      )
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
      .optional()
      .transform((content) => cleanText(content ?? ""))
      .refine(
        (content) => characterCount(content) <= postLimits.content,
        `Content must not exceed ${postLimits.content} characters`,
      ),
    /** The cover's image id; a draft may have none yet. */
    coverImageId: z
      .string({ error: "Cover image is required" })
      .optional()
      .transform((id) => id?.trim() || null),
    coverAlt: z
      .string()
      .optional()
      .transform((alt) =>
        cleanText(alt ?? "")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .refine(
        (alt) => characterCount(alt) <= postLimits.coverAlt,
        `The description must not exceed ${postLimits.coverAlt} characters`,
      ),
    tags: z
      .string()
      .optional()
      .transform((field) => splitTags(cleanText(field ?? "")))
      .superRefine((tags, ctx) => {
        const problem = tagListProblem(tags);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    /** A wall time in Sydney (datetime-local); empty means now. */
    publishAt: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const wallTime = (value ?? "").trim();
        if (wallTime === "") return null;
        if (!wallTimePattern.test(wallTime)) {
          ctx.addIssue({ code: "custom", message: "Enter the date and time as dd/mm/yyyy and hh:mm" });
          return z.NEVER;
        }
        const instant = instantOfSydneyWallTime(wallTime);
        if (!instant) {
          ctx.addIssue({
            code: "custom",
            message: "That date and time does not exist in Sydney (clocks skip it); choose another",
          });
          return z.NEVER;
        }
        if (instant.getTime() <= Date.now()) {
          ctx.addIssue({ code: "custom", message: "Publish at must be in the future" });
          return z.NEVER;
        }
        if (instant.getTime() > Date.now() + maxScheduleMs) {
          ctx.addIssue({ code: "custom", message: "Publish at must be within the next two years" });
          return z.NEVER;
        }
        return instant;
      }),
    /** Which button sent the form: `Save draft`, or `Publish` (also when none is named). */
    intent: z
      .enum(["publish", "draft"])
      .optional()
      .transform((intent) => intent ?? "publish"),
  })
  // A draft needs only its title; publishing or scheduling needs the whole post (SPEC §14).
  // Checked even when another field failed (`when`), so that every message shows at once.
  .refine((post) => post.intent === "draft" || (post.content ?? "").trim().length > 0, {
    path: ["content"],
    message: "Content is required",
    when: () => true,
  })
  .refine((post) => post.intent === "draft" || Boolean(post.coverImageId), {
    path: ["coverImageId"],
    message: "Cover image is required",
    when: () => true,
  });

export type PostForm = z.infer<typeof postSchema>;
