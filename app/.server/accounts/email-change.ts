import { site } from "~/site/site.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { compose } from "../mail/message.ts";
import { enqueue } from "../mail/outbox.ts";
import { findAccount, moveToAddress, type User } from "./auth.ts";
import { endLinks, issueLink, linkAddress, redeemLink } from "./links.ts";
import { endSessions } from "./members.ts";
import { checkOwnPassword } from "./password-check.ts";
import { sendResetLink } from "./password-reset.ts";

export type EmailChangeResult =
  | { ok: true }
  | { ok: false; status: 400 | 409 | 429; field?: "email" | "password"; message: string };

/**
 * Asks to move the account to `newEmail`: the current password (a counted guess) proves it is
 * the owner asking; a link goes to the new address (which proves it can receive mail) and a
 * notice to the current one, with a link that stops the change (so a stolen session or
 * password cannot move the account in silence). Nothing changes until the link is followed.
 */
export async function requestEmailChange(
  db: Db,
  user: User,
  clientAddress: string,
  newEmail: string,
  password: string,
  publicUrl: string,
): Promise<EmailChangeResult> {
  const guess = await checkOwnPassword(db, user, clientAddress, password);
  if (!guess.ok)
    return guess.reason === "throttled"
      ? { ok: false, status: 429, message: guess.message }
      : { ok: false, status: 400, field: "password", message: "Password is incorrect" };
  if (newEmail === user.email)
    return { ok: false, status: 400, field: "email", message: "This is already your address" };
  if (await findAccount(newEmail))
    return { ok: false, status: 409, field: "email", message: "An account with this email already exists" };
  const admission = await admitTo(db, [limits.accountMailPerUser(user.id)]);
  if (!admission.allowed)
    return { ok: false, status: 429, message: throttleMessages.attempts(admission.waitSeconds) };
  await inTransaction(db, async (trx) => {
    const token = await issueLink(trx, "email-change", user.id, newEmail);
    const stop = await issueLink(trx, "stop-change", user.id, user.email);
    await enqueue(trx, {
      kind: "email-change",
      to: newEmail,
      subject: `Confirm your new ${site.name} address`,
      ...compose([
        { paragraph: `You asked to use this address for your ${site.name} account.` },
        { link: linkAddress(publicUrl, "email-change", token), label: "Confirm the new address" },
        { paragraph: "The link works once, for a day. If you did not ask for this, ignore this message." },
      ]),
    });
    await enqueue(trx, {
      kind: "email-change-notice",
      to: user.email,
      subject: `Your ${site.name} address is being changed`,
      ...compose([
        {
          paragraph: `Someone signed in to your ${site.name} account asked to change its address to ${newEmail}.`,
        },
        { paragraph: "Nothing changes unless the link sent to that address is followed." },
        {
          paragraph:
            "If this wasn't you, stop it now: the link below cancels the change, signs the account out everywhere and sends you a link to choose a new password.",
        },
        { link: linkAddress(publicUrl, "stop-change", stop), label: "This wasn't me" },
      ]),
    });
  });
  return { ok: true };
}

/**
 * Moves the account to the address the link was sent to, ending every other link of the
 * account in the same transaction (decision 029); false when the link does not work, or
 * another account took the address meanwhile.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<boolean> {
  try {
    return await inTransaction(db, async (trx) => {
      const link = await redeemLink(trx, "email-change", token);
      if (!link || !(await moveToAddress(trx, link.userId, link.email))) return false;
      await endLinks(trx, link.userId);
      return true;
    });
  } catch (error) {
    // Another account took the address at the same moment: the unique index refused this one.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * "This wasn't me", from the notice to the old address: the change stops (with every other
 * link of the account), every session ends, and a reset link goes to the old address, all in
 * one transaction. The address the account has now; undefined when the link does not work
 * (used, expired, or ended because the change was already confirmed).
 */
export async function stopEmailChange(db: Db, token: string, publicUrl: string): Promise<string | undefined> {
  return inTransaction(db, async (trx) => {
    const link = await redeemLink(trx, "stop-change", token);
    if (!link) return undefined;
    await endLinks(trx, link.userId);
    await endSessions(trx, link.userId);
    await sendResetLink(trx, { id: link.userId, email: link.email }, publicUrl);
    return link.email;
  });
}
