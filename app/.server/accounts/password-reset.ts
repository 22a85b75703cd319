import { setTimeout as sleep } from "node:timers/promises";
import { site } from "~/site/site.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { compose } from "../mail/message.ts";
import { enqueue } from "../mail/outbox.ts";
import { findAccount, hashPassword, markVerified, storePassword } from "./auth.ts";
import { endLinks, issueLink, linkAddress, peekLink, redeemLink } from "./links.ts";
import { endSessions } from "./members.ts";

/**
 * Every request takes at least this long, account or not: writing the link and its message
 * (a durable commit) must not tell a stranger which addresses have accounts.
 */
const answerTimeMs = 400;

export type ResetRequestResult = { ok: true } | { ok: false; status: 429; message: string };

/**
 * Sends a reset link to the address when it has an account; says the same, in the same
 * time, when it has none. Counted first: per requester, per e-mail from that requester (so
 * a stranger cannot use up the allowance of the address's owner), then per e-mail from
 * everyone (so no inbox is flooded; the links already sent still work).
 */
export async function requestPasswordReset(
  db: Db,
  clientAddress: string,
  email: string,
  publicUrl: string,
): Promise<ResetRequestResult> {
  const started = Date.now();
  const admission = await admitTo(db, [
    limits.resetRequestsPerAddress(clientAddress),
    limits.resetRequestsPerEmailFrom(email, clientAddress),
  ]);
  if (!admission.allowed)
    return { ok: false, status: 429, message: throttleMessages.attempts(admission.waitSeconds) };
  const inboxRoom = await admitTo(db, [limits.resetRequestsPerEmail(email)]);
  if (!inboxRoom.allowed)
    return { ok: false, status: 429, message: throttleMessages.resetLinks(inboxRoom.waitSeconds) };
  const account = await findAccount(email);
  if (account) await inTransaction(db, (trx) => sendResetLink(trx, account, publicUrl));
  await sleep(Math.max(0, answerTimeMs - (Date.now() - started)));
  return { ok: true };
}

/** Writes a reset link for the account and its message, in the caller's transaction. */
export async function sendResetLink(
  trx: Db,
  account: { id: string; email: string },
  publicUrl: string,
): Promise<void> {
  const token = await issueLink(trx, "reset", account.id, account.email);
  await enqueue(trx, {
    kind: "password-reset",
    to: account.email,
    subject: `Reset your ${site.name} password`,
    ...compose([
      {
        paragraph: `Someone, hopefully you, asked to reset the password of the ${site.name} account for this address.`,
      },
      { link: linkAddress(publicUrl, "reset", token), label: "Choose a new password" },
      {
        paragraph:
          "The link works once, for an hour. Choosing a new password signs the account out everywhere.",
      },
      { paragraph: "If you did not ask for this, ignore this message: the password stays as it is." },
    ]),
  });
}

/**
 * Sets the new password of the link's account, signs it out everywhere and ends its other
 * links, in one transaction; false when the link is unknown, used, expired or ended. The link
 * is used up in one statement, so of several requests with one link exactly one changes the
 * password. The new password is hashed first (slowly), only for a link that works.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<boolean> {
  if (!(await peekLink(db, "reset", token))) return false;
  const hash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const link = await redeemLink(trx, "reset", token);
    if (!link) return false;
    await storePassword(trx, link.userId, hash);
    await endSessions(trx, link.userId);
    await endLinks(trx, link.userId);
    // The link reached the address: it is proven.
    await markVerified(trx, link.userId);
    return true;
  });
}
