import { site } from "~/site/site.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { compose } from "../mail/message.ts";
import { enqueue } from "../mail/outbox.ts";
import { changeEmail, checkPassword, findAccount, type User } from "./auth.ts";
import { dropLinks, issueLink, linkPaths, redeemLink } from "./links.ts";

export type EmailChangeResult =
  | { ok: true }
  | { ok: false; status: 400 | 409 | 429; field?: "email" | "password"; message: string };

/**
 * Asks to move the account to `newEmail`: the current password proves it is the owner asking;
 * a link goes to the new address (which proves it can receive mail) and a notice to the
 * current one (so a stolen session cannot move the account in silence). Nothing changes
 * until the link is followed.
 */
export async function requestEmailChange(
  db: Db,
  user: User,
  newEmail: string,
  password: string,
  publicUrl: string,
): Promise<EmailChangeResult> {
  const admission = await admitTo(db, [limits.accountMailPerUser(user.id)]);
  if (!admission.allowed)
    return { ok: false, status: 429, message: throttleMessages.attempts(admission.waitSeconds) };
  if (!(await checkPassword(user.id, password)))
    return { ok: false, status: 400, field: "password", message: "Password is incorrect" };
  if (newEmail === user.email)
    return { ok: false, status: 400, field: "email", message: "This is already your address" };
  if (await findAccount(newEmail))
    return { ok: false, status: 409, field: "email", message: "An account with this email already exists" };
  await inTransaction(db, async (trx) => {
    const token = await issueLink(trx, "email-change", user.id, newEmail);
    await enqueue(trx, {
      kind: "email-change",
      to: newEmail,
      subject: `Confirm your new ${site.name} address`,
      ...compose([
        { paragraph: `You asked to use this address for your ${site.name} account.` },
        { link: `${publicUrl}${linkPaths["email-change"]}${token}`, label: "Confirm the new address" },
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
            "If this was not you, log in and change your password now, or ask for a new one from the log-in page.",
        },
      ]),
    });
  });
  return { ok: true };
}

/**
 * Moves the account to the address the link was sent to; false when the link is unknown,
 * used or expired, or another account took the address meanwhile. Reset links sent to the
 * old address stop working.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<boolean> {
  const link = await redeemLink(db, "email-change", token);
  if (!link || !(await changeEmail(link.userId, link.email))) return false;
  await dropLinks(db, "reset", link.userId);
  return true;
}
