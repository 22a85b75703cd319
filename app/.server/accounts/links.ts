import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/database.ts";
import type { EmailTokenPurpose } from "../db/schema.ts";

export type LinkPurpose = EmailTokenPurpose;

const hour = 60 * 60 * 1000;

/** How long each kind of link works. */
export const linkLifetimeMs: Record<EmailTokenPurpose, number> = {
  reset: hour,
  verify: 7 * 24 * hour,
  "email-change": 24 * hour,
};

/** Where each kind of link leads (the token follows). */
export const linkPaths: Record<EmailTokenPurpose, string> = {
  reset: "/reset-password/",
  verify: "/verify-email/",
  "email-change": "/account/email/confirm/",
};

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Tokens are 32 random bytes in base64url: anything else is no link of ours. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new single-use link for `userId`, sent to `email`: the token goes in the message, only
 * its hash is kept, so a copy of the database opens no account. Call it in the transaction
 * that writes the message.
 */
export async function issueLink(
  trx: Db,
  purpose: EmailTokenPurpose,
  userId: string,
  email: string,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await trx
    .insertInto("emailTokens")
    .values({ tokenHash: hashOf(token), purpose, userId, email, expiresAt: now + linkLifetimeMs[purpose] })
    .execute();
  return token;
}

/** Who a link is for while it works (unused, not expired), without using it. */
export async function peekLink(db: Db, purpose: EmailTokenPurpose, token: string, now = Date.now()) {
  if (!tokenShape.test(token)) return undefined;
  return db
    .selectFrom("emailTokens")
    .select(["userId", "email"])
    .where("tokenHash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/**
 * Uses a link: deleted and returned in one statement, so of any number of requests using it
 * at once exactly one gets it. Undefined when it is unknown, used or expired.
 */
export async function redeemLink(db: Db, purpose: EmailTokenPurpose, token: string, now = Date.now()) {
  if (!tokenShape.test(token)) return undefined;
  return db
    .deleteFrom("emailTokens")
    .where("tokenHash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("expiresAt", ">", now)
    .returning(["userId", "email"])
    .executeTakeFirst();
}

/** Ends every other link of this kind the user has (after a reset, the older reset links). */
export async function dropLinks(db: Db, purpose: EmailTokenPurpose, userId: string): Promise<void> {
  await db.deleteFrom("emailTokens").where("purpose", "=", purpose).where("userId", "=", userId).execute();
}
