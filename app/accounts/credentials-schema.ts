import { z } from "../http/zod.ts";

/** New passwords (OWASP ASVS 5.0, level 1), counted in characters; the server also refuses common ones. */
export const passwordLimits = { min: 8, max: 64 } as const;

/** An e-mail address as every form takes it: trimmed, checked, lower-cased. */
export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is not in a correct format")
  .pipe(z.email("Email is not in a correct format"))
  .transform((address) => address.toLowerCase());

const givenPassword = z.string({ error: "Password is required" }).min(1, "Password is required");

/** A new password (register, reset, change); the server also refuses common ones (passwords.ts). */
export const newPassword = givenPassword
  .min(passwordLimits.min, `Password should be at least ${passwordLimits.min} characters`)
  .max(passwordLimits.max, `Password shouldn't be more than ${passwordLimits.max} characters`);

/** The register form: the same rules and messages in the browser and on the server. */
export const registrationSchema = z.object({ email, password: newPassword });

/** The forgot-password form. */
export const forgotPasswordSchema = z.object({ email });

/** The reset-password form (the link carries who it is for). */
export const resetPasswordSchema = z.object({ password: newPassword });

/** Changing one's address: the new one, and the current password to prove it is the owner asking. */
export const emailChangeSchema = z.object({ email, password: givenPassword });

/** The log-in form checks only that a password was given: accounts made under older rules still sign in. */
export const logInSchema = z.object({
  email,
  password: givenPassword,
  redirectTo: z.string().optional(),
});
