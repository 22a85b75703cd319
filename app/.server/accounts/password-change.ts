import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { hashPassword, signedSessionToken, storePassword, type User } from "./auth.ts";
import { endLinks } from "./links.ts";
import { endSessions } from "./members.ts";
import { checkOwnPassword, type Guess } from "./password-check.ts";

/**
 * Changes the signed-in user's password when the current one is right (a counted guess). The
 * new hash, the end of every other session and the end of every link the account has are
 * one transaction (decision 029); this browser stays signed in.
 */
export async function changeOwnPassword(
  db: Db,
  request: Request,
  user: User,
  clientAddress: string,
  currentPassword: string,
  newPassword: string,
): Promise<Guess<true>> {
  const guess = await checkOwnPassword(db, user, clientAddress, currentPassword);
  if (!guess.ok) return guess;
  const hash = await hashPassword(newPassword);
  const thisSession = (await signedSessionToken(request)) ?? undefined;
  await inTransaction(db, async (trx) => {
    await storePassword(trx, user.id, hash);
    await endSessions(trx, user.id, thisSession);
    await endLinks(trx, user.id);
  });
  return guess;
}
