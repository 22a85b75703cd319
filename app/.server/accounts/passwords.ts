import type { z } from "zod";
import { singleton } from "../singleton.ts";

export const tooCommon = "This password is too common; choose another";

/** How many of the most common passwords are refused (OWASP ASVS 5.0, level 1). */
const refusedCount = 10_000;

/**
 * The most common passwords, most common first, from zxcvbn-ts's list (lower-case). Loaded on
 * the first check, once per process, and only on the server: the browser's scripts never carry it.
 */
function commonPasswords(): Promise<Set<string>> {
  return singleton("common-passwords", async () => {
    const { dictionary } = await import("@zxcvbn-ts/language-common");
    return new Set(dictionary["passwords-common"].slice(0, refusedCount));
  });
}

/** Whether the password is one of the most common, in any mix of capitals ("PassWord" is "password"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/**
 * A form's shared schema with the one rule only the server checks, run once the form's other
 * rules pass: its new password is not a common one. Parse it with `async: true`.
 */
export function refusingCommonPasswords<Schema extends z.ZodType<{ password: string }>>(
  schema: Schema,
): Schema {
  return schema.refine(async ({ password }) => !(await isCommonPassword(password)), {
    message: tooCommon,
    path: ["password"],
    when: ({ issues }) => issues.length === 0,
  });
}
