import { registrationClosedMessage } from "~/site/site-settings.ts";
import { config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { metrics } from "../metrics.ts";
import { siteSettings } from "../site/settings.ts";
import { type SignInResult, signIn, signUp } from "./auth.ts";
import { sendVerification } from "./email-verification.ts";
import { endSessions, memberOf, noteSignIn, userByEmail } from "./members.ts";
import { countedGuess } from "./password-check.ts";

export const accountMessages = {
  invalid: "Invalid email or password",
  exists: "An account with this email already exists",
  suspended: "This account is suspended",
  registrationClosed: registrationClosedMessage,
};
const messages = accountMessages;
const { signInFailures } = metrics();

export type AccountResult<T> = T | { ok: false; status: 401 | 403 | 409 | 429; message: string };

/** Every guess is counted before the password is checked (password-check.ts). */
export async function logIn(
  db: Db,
  request: Request,
  clientAddress: string,
  email: string,
  password: string,
): Promise<AccountResult<Extract<SignInResult, { ok: true }>>> {
  const guess = await countedGuess(db, { email, clientAddress }, async () => {
    const result = await signIn(request, clientAddress, email, password);
    return result.ok ? result : undefined;
  });
  if (!guess.ok) {
    const throttled = guess.reason === "throttled";
    signInFailures.inc({ reason: throttled ? "too many attempts" : "wrong email or password" });
    return throttled
      ? { ok: false, status: 429, message: guess.message }
      : { ok: false, status: 401, message: messages.invalid };
  }
  // Told only to whoever knows the password; the session just made goes at once.
  const user = await userByEmail(db, email);
  if (!user || (await memberOf(db, user.id)).suspended) {
    if (user) await endSessions(db, user.id);
    signInFailures.inc({ reason: "suspended" });
    return { ok: false, status: 403, message: messages.suspended };
  }
  // With two-step sign-in on, the sign-in is noted once its code is right (two-step.ts).
  if (!guess.value.twoStep) await noteSignIn(db, user.id);
  return guess.value;
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
