import { z } from "./zod.ts";

export const passwordLimits = { min: 5, max: 15 } as const;

/** The register and log-in forms: the same rules and messages in the browser and on the server. */
export const credentialsSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is not in a correct format")
    .pipe(z.email("Email is not in a correct format"))
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(passwordLimits.min, `Password should be at least ${passwordLimits.min} characters`)
    .max(passwordLimits.max, `Password shouldn't be more than ${passwordLimits.max} characters`),
  redirectTo: z.string().optional(),
});
