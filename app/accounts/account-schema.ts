import { z } from "../http/zod.ts";
import { newPassword } from "./credentials-schema.ts";

export const profileLimits = { name: 60, bio: 300, handle: { min: 3, max: 30 } } as const;

/** Addresses and words a handle may not take: they read as the site speaking. */
export const reservedHandles = new Set([
  "admin",
  "administrator",
  "owner",
  "owners",
  "manage",
  "moderator",
  "staff",
  "support",
  "help",
  "root",
  "system",
  "woollahra",
  "moncur",
  "woollahra-moncur",
  "account",
  "authors",
  "blog",
  "home",
  "login",
  "logout",
  "register",
  "rss",
  "sitemap",
  "anonymous",
  "null",
  "undefined",
]);

/** Lower-case letters and digits, in words joined by single hyphens. */
export const handlePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const handleMessages = {
  format: `A handle is ${profileLimits.handle.min}–${profileLimits.handle.max} lower-case letters, digits and single hyphens`,
  reserved: "This handle is reserved; choose another",
  taken: "This handle is taken; choose another",
};

/** Blank means none. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

/** The profile form on /account: the byline, the author page's address and its bio. */
export const profileSchema = z.object({
  intent: z.literal("profile"),
  displayName: optionalText(
    profileLimits.name,
    `Display name must not exceed ${profileLimits.name} characters`,
  ),
  handle: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine(
      (value) =>
        value === null ||
        (value.length >= profileLimits.handle.min &&
          value.length <= profileLimits.handle.max &&
          handlePattern.test(value)),
      handleMessages.format,
    )
    .refine((value) => value === null || !reservedHandles.has(value), handleMessages.reserved),
  bio: optionalText(profileLimits.bio, `Bio must not exceed ${profileLimits.bio} characters`),
});

/** The change-password form: the current password, and a new one under the registration rules. */
export const passwordChangeSchema = z.object({
  intent: z.literal("password"),
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
  password: newPassword,
});

/** The delete-account form asks for the password again. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

/** "1 post", "3 posts": what goes with an account that is deleted. */
export function postCount(count: number): string {
  return count === 1 ? "1 post" : `${count} posts`;
}
