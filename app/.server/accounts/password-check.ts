import type { Db } from "../db/database.ts";
import { clearAttempts, giveBack, type Limit } from "../http/rate-limit.ts";
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
 * password or the address, deleting the account, two-step sign-in's settings). The guess is
 * counted against the account and against the client's address before `check` runs (see
 * `countedAgainst`); the counts are shared by every form, so guesses spread over several of
 * them add up. `check` answers undefined for a wrong guess.
 */
export async function countedGuess<T>(
  db: Db,
  { email, clientAddress }: Guesser,
  check: () => Promise<T | undefined>,
): Promise<Guess<T>> {
  return countedAgainst(
    db,
    [limits.logInsPerEmail(email), limits.logInsPerAddress(clientAddress)],
    async () => {
      const value = await check();
      return value === undefined
        ? { ok: false as const, reason: "wrong" as const }
        : { ok: true as const, value };
    },
  );
}

/**
 * Runs `check` once it is counted against one account's limit and one address's, each in one
 * statement, so no burst gets more checks than the limits allow. A check that succeeds forgives
 * the account's failures and gives back the address's count. Passwords go through
 * `countedGuess`; two-step codes, with limits of their own, through this.
 */
export async function countedAgainst<T extends { ok: boolean }>(
  db: Db,
  [perAccount, perAddress]: [Limit, Limit],
  check: () => Promise<T>,
): Promise<T | { ok: false; reason: "throttled"; message: string }> {
  const admission = await admitTo(db, [perAccount, perAddress]);
  if (!admission.allowed)
    return { ok: false, reason: "throttled", message: throttleMessages.attempts(admission.waitSeconds) };
  const result = await check();
  if (result.ok)
    await Promise.all([
      clearAttempts(db, perAccount),
      ...admission.counted
        .filter(({ limit }) => limit !== perAccount)
        .map((counted) => giveBack(db, counted)),
    ]);
  return result;
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
