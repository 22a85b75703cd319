import { z } from "../http/zod.ts";

/** What two-step sign-in says when it refuses. */
export const twoStepMessages = {
  wrongPassword: "Password is incorrect",
  invalidCode: "That code is not right. Check the time on your phone, or use a recovery code.",
  usedCode: "This code has been used already: wait for the next one your app shows.",
  expired: "Your sign-in has expired: log in again.",
  tooManyCodes: "Too many wrong codes for this sign-in: log in again.",
  paused: "Too many wrong codes: this account's second step is paused for 15 minutes.",
  suspended: "This account is suspended",
};

/** Turning two-step sign-in on or off, or new recovery codes: each asks for the password. */
export const twoStepPasswordSchema = z.object({
  intent: z.enum(["enable", "disable", "recovery-codes"]),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

/** Six digits from the authenticator app, spaces allowed ("123 456" as some apps show it). */
const appCode = z
  .string({ error: "Code is required" })
  .transform((typed) => typed.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Code is required")
      .regex(/^\d{6}$/, "Enter the 6 digits your app shows"),
  );

/** Confirming the app during setup: a code it shows proves it holds the secret. */
export const twoStepConfirmSchema = z.object({ intent: z.literal("confirm"), code: appCode });

/** Whether what was typed at sign-in is an app's code (else it is taken as a recovery code). */
export const isAppCode = (typed: string) => /^\d{6}$/.test(typed.replace(/\s/g, ""));

/** The second step of log in: a code from the app or one recovery code. */
export const twoStepSignInSchema = z.object({
  code: z
    .string({ error: "Code is required" })
    .trim()
    .min(1, "Code is required")
    .max(40, "Enter the 6 digits your app shows, or a recovery code"),
  redirectTo: z.string().optional(),
});
