import type { Kysely } from "kysely";
import { twoStepMessages } from "~/accounts/two-step-schema.ts";
import { cookieNames } from "~/http/http-policy.ts";
import { site } from "~/site/site.ts";
import type { Db } from "../db/index.ts";
import type { SiteAndAuthTables } from "../db/schema.ts";
import { admit, giveBack, type Limit } from "../http/rate-limit.ts";
import { limits } from "../http/throttles.ts";
import { recordActivity } from "../site/activity.ts";
import { auth, forwardedHeaders, isOwnPassword, setCookies, signedAuthCookie, type User } from "./auth.ts";
import { commandLine, endSessions, memberOf, noteSignIn } from "./members.ts";
import { countedAgainst } from "./password-check.ts";
import { newRecoveryCodes, recoveryCodeHash } from "./two-step-codes.ts";

/** Where a user stands: off, set up but not yet confirmed with a code, or on. */
export type TwoStepState =
  | { state: "off" }
  | { state: "pending"; secret: string; uri: string }
  | { state: "on"; recoveryCodesLeft: number };

export type Refusal = { ok: false; status: 400 | 401 | 403 | 429; message: string };
const refused = (status: Refusal["status"], message: string): Refusal => ({ ok: false, status, message });

const accountTables = (db: Db) => db as unknown as Kysely<SiteAndAuthTables>;

/** A used code is kept this long: the plugin takes a code for one step either side of now (90 s). */
const usedCodeMs = 2 * 60_000;

/** One code, once: `admit` without the RATE_LIMITS switch, since a replay is never a test convenience. */
const usedCode = (userId: string, code: string): Limit => ({
  key: `two-step-used:${userId}:${code}`,
  max: 1,
  windowMs: usedCodeMs,
});

/** Counted as `countedAgainst` counts; a throttled check is refused with the seconds to wait. */
async function counted<T extends { ok: boolean }>(
  db: Db,
  counts: [Limit, Limit],
  check: () => Promise<T>,
): Promise<T | Refusal> {
  const result = await countedAgainst(db, counts, check);
  if (!result.ok && "reason" in result && result.reason === "throttled") return refused(429, result.message);
  // Anything else is what `check` answered.
  return result as T;
}

/** A password typed in the two-step forms counts as every password guess does (password-check.ts). */
function countedPassword<T extends { ok: boolean }>(
  db: Db,
  user: User,
  clientAddress: string,
  check: () => Promise<T>,
) {
  return counted(db, [limits.logInsPerEmail(user.email), limits.logInsPerAddress(clientAddress)], check);
}

/** A code counts against its own limits, per account and per address. */
function countedCode<T extends { ok: boolean }>(
  db: Db,
  userId: string,
  clientAddress: string,
  check: () => Promise<T>,
) {
  return counted(
    db,
    [limits.twoStepCodesPerUser(userId), limits.twoStepCodesPerAddress(clientAddress)],
    check,
  );
}

/** Checks an app code once: a code already taken (by this request's twin, too) is refused. */
async function usedOnce<T extends { ok: boolean }>(
  db: Db,
  userId: string,
  code: string,
  check: () => Promise<T>,
): Promise<T | Refusal> {
  const admission = await admit(db, [usedCode(userId, code)]);
  if (!admission.allowed) return refused(401, twoStepMessages.usedCode);
  const result = await check();
  // A wrong code was not used up: the app may still show it (to the right user) in a moment.
  if (!result.ok) await Promise.all(admission.counted.map((attempt) => giveBack(db, attempt)));
  return result;
}

/** The better-auth error code of a refused call. */
async function errorCode(response: Response): Promise<string | undefined> {
  return ((await response.json().catch(() => ({}))) as { code?: string }).code;
}

/** RFC 4648 base32, as authenticator apps read secrets. */
function base32(bytes: Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
function appAddress(secret: string, email: string): string {
  const label = `${encodeURIComponent(site.name)}:${encodeURIComponent(email)}`;
  const query = new URLSearchParams({ secret, issuer: site.name, digits: "6", period: "30" });
  return `otpauth://totp/${label}?${query}`;
}

/** The user's two-step sign-in; while it waits for its first code, the secret to show again. */
export async function twoStepState(db: Db, user: User): Promise<TwoStepState> {
  const row = await accountTables(db)
    .selectFrom("twoFactor")
    .select(["secret", "backupCodes", "verified"])
    .where("userId", "=", user.id)
    .executeTakeFirst();
  if (!row) return { state: "off" };
  if (user.twoStep)
    return { state: "on", recoveryCodesLeft: (JSON.parse(row.backupCodes) as string[]).length };
  const [{ symmetricDecrypt }, context] = await Promise.all([
    import("better-auth/crypto"),
    (await auth()).$context,
  ]);
  const key = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  const secret = base32(new TextEncoder().encode(key));
  return { state: "pending", secret, uri: appAddress(secret, user.email) };
}

/**
 * Begins setup: a new secret for the app (shown by `twoStepState` until a code confirms it)
 * and the recovery codes, returned in clear this once; only their hashes are stored.
 */
export async function beginTwoStep(
  db: Db,
  request: Request,
  clientAddress: string,
  user: User,
  password: string,
): Promise<{ ok: true; recoveryCodes: string[] } | Refusal> {
  return countedPassword(db, user, clientAddress, async () => {
    const response = await (await auth()).api.enableTwoFactor({
      body: { password },
      headers: forwardedHeaders(request),
      asResponse: true,
    });
    if (response.status === 400) return refused(400, twoStepMessages.wrongPassword);
    if (!response.ok) throw new Error(`two-step setup failed with status ${response.status}`);
    const { backupCodes } = (await response.json()) as { backupCodes: string[] };
    return { ok: true as const, recoveryCodes: backupCodes };
  });
}

/** Stores ten new recovery codes (their hashes), replacing the old ones; returns them in clear, once. */
async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await accountTables(db)
    .updateTable("twoFactor")
    .set({ backupCodes: JSON.stringify(codes.map(recoveryCodeHash)) })
    .where("userId", "=", userId)
    .execute();
  return codes;
}

/**
 * Turns two-step sign-in on when the code is one the app shows now: this browser's session
 * is replaced (the new cookie in the headers).
 */
export async function confirmTwoStep(
  db: Db,
  request: Request,
  clientAddress: string,
  user: User,
  code: string,
): Promise<{ ok: true; headers: Headers } | Refusal> {
  return countedCode(db, user.id, clientAddress, () =>
    usedOnce(db, user.id, code, async () => {
      const response = await (await auth()).api.verifyTOTP({
        body: { code },
        headers: forwardedHeaders(request, clientAddress),
        asResponse: true,
      });
      if (response.status === 401) return refused(400, twoStepMessages.invalidCode);
      if (!response.ok) throw new Error(`two-step confirmation failed with status ${response.status}`);
      return { ok: true as const, headers: setCookies(response) };
    }),
  );
}

/** New recovery codes for a user who has two-step sign-in on; the password proves it is them. */
export async function renewRecoveryCodes(
  db: Db,
  clientAddress: string,
  user: User,
  password: string,
): Promise<{ ok: true; recoveryCodes: string[] } | Refusal> {
  return countedPassword(db, user, clientAddress, async () => {
    if (!(await isOwnPassword(user.id, password))) return refused(400, twoStepMessages.wrongPassword);
    return { ok: true as const, recoveryCodes: await replaceRecoveryCodes(db, user.id) };
  });
}

/** Turns two-step sign-in off (or abandons a setup); the password proves it is them. */
export async function turnOffTwoStep(
  db: Db,
  request: Request,
  clientAddress: string,
  user: User,
  password: string,
): Promise<{ ok: true; headers: Headers } | Refusal> {
  return countedPassword(db, user, clientAddress, async () => {
    const response = await (await auth()).api.disableTwoFactor({
      body: { password },
      headers: forwardedHeaders(request, clientAddress),
      asResponse: true,
    });
    if (response.ok) return { ok: true as const, headers: setCookies(response) };
    if (response.status === 400) return refused(400, twoStepMessages.wrongPassword);
    throw new Error(`turning two-step sign-in off failed with status ${response.status}`);
  });
}

/** The account whose sign-in waits for its second step in this browser, or undefined. */
export async function signInWaitingForCode(request: Request): Promise<{ userId: string } | undefined> {
  const challenge = await signedAuthCookie(request, cookieNames.twoStep, cookieNames.secureTwoStep);
  if (!challenge) return undefined;
  const context = await (await auth()).$context;
  const waiting = await context.internalAdapter.findVerificationValue(challenge);
  if (!waiting || new Date(waiting.expiresAt).getTime() <= Date.now()) return undefined;
  return { userId: waiting.value };
}

/**
 * The second step of log in: a code from the app (each one once) or a recovery code (each one
 * once, by the plugin). Counted per account and per address before it is checked; the plugin
 * also ends the sign-in after five wrong codes and pauses the account after ten in a row.
 */
export async function finishSignIn(
  db: Db,
  request: Request,
  clientAddress: string,
  typed: string,
  asAppCode: boolean,
): Promise<{ ok: true; headers: Headers } | Refusal> {
  const waiting = await signInWaitingForCode(request);
  if (!waiting) return refused(401, twoStepMessages.expired);
  const { userId } = waiting;
  const code = asAppCode ? typed.replace(/\s/g, "") : typed;
  const check = async () => {
    const accounts = (await auth()).api;
    const headers = forwardedHeaders(request, clientAddress);
    const response = asAppCode
      ? await accounts.verifyTOTP({ body: { code }, headers, asResponse: true })
      : await accounts.verifyBackupCode({
          body: { code: recoveryCodeHash(code) },
          headers,
          asResponse: true,
        });
    if (response.ok) return { ok: true as const, headers: setCookies(response) };
    const reason = await errorCode(response);
    if (reason === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return refused(401, twoStepMessages.tooManyCodes);
    if (reason === "ACCOUNT_TEMPORARILY_LOCKED") return refused(429, twoStepMessages.paused);
    if (reason === "INVALID_TWO_FACTOR_COOKIE") return refused(401, twoStepMessages.expired);
    if (response.status === 401) return refused(401, twoStepMessages.invalidCode);
    throw new Error(`two-step sign-in failed with status ${response.status}`);
  };
  const result = await countedCode(db, userId, clientAddress, () =>
    asAppCode ? usedOnce(db, userId, code, check) : check(),
  );
  if (!result.ok) return result;
  if ((await memberOf(db, userId)).suspended) {
    await endSessions(db, userId);
    return refused(403, twoStepMessages.suspended);
  }
  await noteSignIn(db, userId);
  return result;
}

/**
 * `npm run owner -- two-step-off EMAIL`: for a user who lost both their app and their
 * recovery codes. Their sessions end too (whoever holds one may be who took the phone); the
 * activity log keeps who it was done to. False when it was not on.
 */
export async function ownerTurnsOffTwoStep(db: Db, userId: string, email: string): Promise<boolean> {
  const row = await accountTables(db)
    .selectFrom("user")
    .leftJoin("twoFactor", "twoFactor.userId", "user.id")
    .select(["user.twoFactorEnabled", "twoFactor.id"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row || (!row.twoFactorEnabled && !row.id)) return false;
  const context = await (await auth()).$context;
  await context.adapter.deleteMany({ model: "twoFactor", where: [{ field: "userId", value: userId }] });
  await context.internalAdapter.updateUser(userId, { twoFactorEnabled: false });
  await endSessions(db, userId);
  await recordActivity(db, commandLine, "two-step off", email);
  return true;
}
