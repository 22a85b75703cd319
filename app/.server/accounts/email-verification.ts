import { data } from "react-router";
import { mustVerify, type VerifyStep } from "~/accounts/mail-messages.ts";
import { site } from "~/site/site.ts";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { compose } from "../mail/message.ts";
import { enqueue } from "../mail/outbox.ts";
import { findAccount, markVerified, type User, verificationOf } from "./auth.ts";
import { dropLinks, issueLink, linkAddress, redeemLink } from "./links.ts";

/** Writes a verification link for the account's address and its message, together. */
export async function sendVerification(
  db: Db,
  userId: string,
  email: string,
  publicUrl: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const token = await issueLink(trx, "verify", userId, email);
    await enqueue(trx, {
      kind: "verify-email",
      to: email,
      subject: `Confirm your ${site.name} address`,
      ...compose([
        { paragraph: `Welcome to ${site.name}. Confirm this address to start publishing on the blog.` },
        { link: linkAddress(publicUrl, "verify", token), label: "Confirm my address" },
        {
          paragraph: "The link works once, for a week. If you did not make an account, ignore this message.",
        },
      ]),
    });
  });
}

/**
 * What the user must still do before publishing (REQUIRE_EMAIL_VERIFICATION): nothing (false),
 * follow the link already sent, or ask for one (an account made before the setting was turned
 * on was never sent one). Owners are never held back.
 */
export async function mustVerifyFirst(userId: string): Promise<false | VerifyStep> {
  if (!config().requireEmailVerification) return false;
  const { verified, linkWaiting } = await verificationOf(userId);
  if (verified) return false;
  return linkWaiting ? "follow the link" : "ask for a link";
}

/** Throws 403 with the notice when the user may not publish yet; nothing is written. */
export async function requireVerifiedAuthor(userId: string): Promise<void> {
  const step = await mustVerifyFirst(userId);
  if (step) throw data(mustVerify[step], { status: 403 });
}

/** A new verification link, at most five messages an hour; the words of the answer. */
export async function resendVerification(db: Db, user: User, publicUrl: string): Promise<string> {
  if (!(await mustVerifyFirst(user.id))) return "Your address is already confirmed.";
  const admission = await admitTo(db, [limits.accountMailPerUser(user.id)]);
  if (!admission.allowed) return throttleMessages.attempts(admission.waitSeconds);
  await dropLinks(db, "verify", user.id);
  await sendVerification(db, user.id, user.email, publicUrl);
  return `We've sent a new link to ${user.email}.`;
}

/** Marks the address proven; false when the link does not work or was for an address the account no longer has. */
export async function confirmVerification(db: Db, token: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const link = await redeemLink(trx, "verify", token);
    if (!link) return false;
    const account = await findAccount(link.email, trx);
    if (account?.id !== link.userId) return false;
    await markVerified(trx, link.userId);
    return true;
  });
}
