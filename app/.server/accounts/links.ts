import { createHash, randomBytes } from "node:crypto";
import { href } from "react-router";
import type { RoutePath } from "../../site/route-paths.ts";
import type { Db } from "../db/database.ts";
import type { EmailTokenPurpose } from "../db/schema.ts";

export type LinkPurpose = EmailTokenPurpose;

const hour = 60 * 60 * 1000;

/** How long each kind of link works. */
export const linkLifetimeMs: Record<EmailTokenPurpose, number> = {
  reset: hour,
  verify: 7 * 24 * hour,
  "email-change": 24 * hour,
  "stop-change": 24 * hour,
};

/** Where each kind of link leads. */
export const linkRoutes = {
  reset: "/reset-password/:token",
  verify: "/verify-email/:token",
  "email-change": "/account/email/confirm/:token",
  "stop-change": "/account/email/stop/:token",
} as const satisfies Record<EmailTokenPurpose, RoutePath>;

/** A link's address, as its message gives it. */
export const linkAddress = (publicUrl: string, purpose: EmailTokenPurpose, token: string) =>
  `${publicUrl}${href(linkRoutes[purpose], { token })}`;

/** What is kept of a link's token: its hash, so a copy of the database opens nothing. */
export const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link's token: 32 random bytes in base64url. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Tokens are 32 random bytes in base64url: anything else is no link of ours. */
export const tokenShape = /^[A-Za-z0-9_-]{43}$/;

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
  const token = newToken();
  await trx
    .insertInto("emailTokens")
    .values({ tokenHash: hashOf(token), purpose, userId, email, expiresAt: now + linkLifetimeMs[purpose] })
    .execute();
  return token;
}

/** A suspended account's links do nothing (suspension ends them; this covers one issued as it happened). */
const notSuspended = (db: Db) =>
  db.selectFrom("members").select("userId").where("suspendedAt", "is not", null);

/** Who a link is for while it works (unused, not expired, not ended), without using it. */
export async function peekLink(db: Db, purpose: EmailTokenPurpose, token: string, now = Date.now()) {
  if (!tokenShape.test(token)) return undefined;
  return db
    .selectFrom("emailTokens")
    .select(["userId", "email"])
    .where("tokenHash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("expiresAt", ">", now)
    .where("userId", "not in", notSuspended(db))
    .executeTakeFirst();
}

/**
 * Uses a link: deleted and returned in one statement, so of any number of requests using it
 * at once exactly one gets it. Undefined when it is unknown, used, expired or ended.
 */
export async function redeemLink(db: Db, purpose: EmailTokenPurpose, token: string, now = Date.now()) {
  if (!tokenShape.test(token)) return undefined;
  return db
    .deleteFrom("emailTokens")
    .where("tokenHash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("expiresAt", ">", now)
    .where("userId", "not in", notSuspended(db))
    .returning(["userId", "email"])
    .executeTakeFirst();
}

/** A new link of this kind replaces the user's older ones (a second verification message). */
export async function dropLinks(db: Db, purpose: EmailTokenPurpose, userId: string): Promise<void> {
  await db.deleteFrom("emailTokens").where("purpose", "=", purpose).where("userId", "=", userId).execute();
}

/**
 * THE rule of links (decision 029): every link the user has, of every kind, ends when the
 * account's keys or standing change — a password change or reset, signing out everywhere,
 * an address change, a suspension, the account's deletion — in the transaction that makes
 * the change, so no link sent before it (to an address or inbox someone else may read by
 * now) outlives it. Call it with that transaction.
 */
export async function endLinks(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom("emailTokens").where("userId", "=", userId).execute();
}

/** The routes of the links messages carry, subscribers' too: each address holds a token. */
const mailedRoutes: RoutePath[] = [
  ...Object.values(linkRoutes),
  "/subscribe/confirm/:token",
  "/unsubscribe/:token",
];

/** The routes' paths up to the token, as one alternation (they hold only letters, hyphens and slashes). */
const beforeToken = (routes: RoutePath[]) =>
  `(${routes.map((route) => route.replace(":token", "")).join("|")})`;

const tokenInLink = new RegExp(`${beforeToken(mailedRoutes)}[A-Za-z0-9_-]{43}`, "gi");

/** What a delivered message keeps of its links: the address with the token taken out. */
export const removedToken = "(removed once delivered)";

/** A message's text or HTML with every token of a link taken out (its stored copy, once delivered). */
export function withoutTokens(text: string): string {
  return text.replace(tokenInLink, (_, path: string) => `${path}${removedToken}`);
}

/** Whether a message's text holds a link someone could still use (until it is delivered). */
export function holdsToken(text: string): boolean {
  return withoutTokens(text) !== text;
}

/**
 * The addresses that hold a secret, as the router matches them: every mailed link's, and a
 * post's preview link (posts/preview-links.ts), not mailed but as secret; in any case,
 * whatever follows the path (a token, a `.data` request for it, a query);
 * `/verify-email/resend` is a page of its own.
 */
const linkRoute = new RegExp(
  `^${beforeToken([...mailedRoutes, "/preview/:token"])}(?!resend(?:[./?#]|$))`,
  "i",
);

/**
 * A request's address as the logs may hold it: for a link's page the route pattern
 * (`/reset-password/:token`, `/preview/:token`), never the token; other addresses as they
 * were asked for.
 */
export function loggedUrl(url: string): string {
  let path = url;
  try {
    path = decodeURI(url);
  } catch {
    // Not decodable: matched as it came.
  }
  const match = linkRoute.exec(path);
  return match ? `${(match[1] as string).toLowerCase()}:token` : url;
}
