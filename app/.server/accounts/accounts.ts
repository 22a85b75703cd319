import { registrationClosedMessage } from "~/site/site-settings.ts";
import { config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { clearAttempts, giveBack } from "../http/rate-limit.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { siteSettings } from "../site/settings.ts";
import { type SignInResult, signIn, signUp } from "./auth.ts";
import { sendVerification } from "./email-verification.ts";
import { endSessions, memberOf, noteSignIn, userByEmail } from "./members.ts";

export const accountMessages = {
  invalid: "Invalid email or password",
  exists: "An account with this email already exists",
  suspended: "This account is suspended",
  registrationClosed: registrationClosedMessage,
};
const messages = accountMessages;

export type AccountResult<T> = T | { ok: false; status: 401 | 403 | 409 | 429; message: string };

/**
 * Every attempt is counted before the password is checked, so a burst of guesses cannot all
 * reach the check; only failures stay counted.
 */
export async function logIn(
  db: Db,
  request: Request,
  clientAddress: string,
  email: string,
  password: string,
): Promise<AccountResult<Extract<SignInResult, { ok: true }>>> {
  const perEmail = limits.logInsPerEmail(email);
  const admission = await admitTo(db, [perEmail, limits.logInsPerAddress(clientAddress)]);
  if (!admission.allowed)
    return { ok: false, status: 429, message: throttleMessages.attempts(admission.waitSeconds) };
  const result = await signIn(request, clientAddress, email, password);
  if (!result.ok) return { ok: false, status: 401, message: messages.invalid };
  // Told only to whoever knows the password; the session just made goes at once.
  const user = await userByEmail(db, email);
  if (!user || (await memberOf(db, user.id)).suspended) {
    if (user) await endSessions(db, user.id);
    return { ok: false, status: 403, message: messages.suspended };
  }
  // With two-step sign-in on, the sign-in is noted once its code is right (two-step.ts).
  if (!result.twoStep) await noteSignIn(db, user.id);
  await Promise.all([
    clearAttempts(db, perEmail),
    ...admission.counted.filter(({ limit }) => limit !== perEmail).map((counted) => giveBack(db, counted)),
  ]);
  return result;
}

/** Registrations are limited per address, counted before the account is made. */
export async function register(
  db: Db,
  clientAddress: string,
  email: string,
  password: string,
): Promise<AccountResult<{ ok: true }>> {
  if ((await siteSettings(db)).registration === "closed")
    return { ok: false, status: 403, message: messages.registrationClosed };
  const admission = await admitTo(db, [limits.registrationsPerAddress(clientAddress)]);
  if (!admission.allowed)
    return { ok: false, status: 429, message: throttleMessages.attempts(admission.waitSeconds) };
  const result = await signUp(email, password);
  if (!result.ok) return { ok: false, status: 409, message: messages.exists };
  const { requireEmailVerification, publicUrl } = config();
  if (requireEmailVerification) await sendVerification(db, result.userId, email, publicUrl);
  return { ok: true };
}
