import type { Db } from "../db/database.ts";
import { clearAttempts, giveBack } from "../http/rate-limit.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { isOwnPassword, type User } from "./auth.ts";

/** Whose secret is guessed, and from where: the two counts every guess goes against. */
export interface Guesser {
  /** The account's address (as the log-in form has it, or the signed-in user's). */
  email: string;
  clientAddress: string;
}

export type Guess<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "throttled"; message: string }
  | { ok: false; reason: "wrong" };

/**
 * The one way to check a secret someone types (a password, anywhere: log in, changing the
 * password or the address, deleting the account). The guess is counted against the account
 * and against the client's address before `check` runs, in one statement per count, so no
 * burst gets more guesses than the limits allow; the counts are shared by every form, so
 * guesses spread over several of them add up. A right guess forgives the account's failures
 * and gives back the address's count. `check` answers undefined for a wrong guess.
 */
export async function countedGuess<T>(
  db: Db,
  { email, clientAddress }: Guesser,
  check: () => Promise<T | undefined>,
): Promise<Guess<T>> {
  const perAccount = limits.logInsPerEmail(email);
  const admission = await admitTo(db, [perAccount, limits.logInsPerAddress(clientAddress)]);
  if (!admission.allowed)
    return { ok: false, reason: "throttled", message: throttleMessages.attempts(admission.waitSeconds) };
  const value = await check();
  if (value === undefined) return { ok: false, reason: "wrong" };
  await Promise.all([
    clearAttempts(db, perAccount),
    ...admission.counted.filter(({ limit }) => limit !== perAccount).map((counted) => giveBack(db, counted)),
  ]);
  return { ok: true, value };
}

/** Whether the signed-in user typed their own password, counted as every guess is. */
export async function checkOwnPassword(
  db: Db,
  user: Pick<User, "id" | "email">,
  clientAddress: string,
  password: string,
): Promise<Guess<true>> {
  return countedGuess(db, { email: user.email, clientAddress }, async () =>
    (await isOwnPassword(user.id, password)) ? true : undefined,
  );
}
