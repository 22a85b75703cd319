import { CompiledQuery, type Kysely, sql } from "kysely";
import { data, redirect } from "react-router";
import { passwordLimits } from "~/accounts/credentials-schema.ts";
import { cookieNames } from "~/http/http-policy.ts";
import { logInPage } from "~/http/safe-redirect.ts";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { dialectOf } from "../db/dialect.ts";
import { db } from "../db/index.ts";
import type { Role, SiteAndAuthTables } from "../db/schema.ts";
import { cookieValue } from "../http/cookies.ts";
import { megabyte, remembered } from "../http/remembered.ts";
import { log } from "../log.ts";
import { singleton } from "../singleton.ts";
import { siteSettings } from "../site/settings.ts";
import { twoStepPluginOptions, twoStepSetupForOwners } from "./two-step-codes.ts";

export interface User {
  id: string;
  email: string;
  role: Role;
  /** Whether signing in takes a code from an authenticator app after the password. */
  twoStep: boolean;
}

/** Seconds a session lasts, and how often its use extends it. */
const sessionLifetime = 60 * 60 * 24 * 30;
const sessionUpdateAge = 60 * 60 * 24;
/** better-auth names its session cookie `<prefix>.session_token` (see http/http-policy.ts). */
const cookiePrefix = cookieNames.session.split(".")[0];
/** The header our calls to better-auth carry the client's address in. */
const clientAddressHeader = "x-client-address";

/**
 * better-auth's own password lengths, in UTF-16 units where the forms count characters (an
 * emoji is two units): any password the forms accept fits. It checks the minimum only for new
 * passwords, so accounts made under older, shorter rules still sign in.
 */
const passwordUnits = { min: passwordLimits.min, max: passwordLimits.max * 2 };

async function authOptions() {
  const { authSecret, publicUrl } = config();
  const { twoFactor } = await import("better-auth/plugins/two-factor");
  return {
    database: { db: db(), type: dialectOf(db()) },
    secret: authSecret,
    baseURL: publicUrl,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordUnits.min,
      maxPasswordLength: passwordUnits.max,
    },
    session: { expiresIn: sessionLifetime, updateAge: sessionUpdateAge },
    plugins: [twoFactor(twoStepPluginOptions)],
    // Our own limits count in the database with our own messages (see rate-limit.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix,
      // Secure cookies need HTTPS; a site served over plain HTTP could not keep anyone signed in.
      useSecureCookies: publicUrl.startsWith("https:"),
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
    },
    logger: {
      level: "warn" as const,
      log: (level: "info" | "warn" | "error" | "debug", message: string) => log()[level](message),
    },
  };
}

/**
 * better-auth, loaded with the first sign-up, sign-in, sign-out or session extension: most
 * requests never need it, and it would add a third to each thread's start and about 11 MB to
 * its heap.
 */
export function auth() {
  return singleton("auth", async () => {
    const { betterAuth } = await import("better-auth");
    return betterAuth(await authOptions());
  });
}

/**
 * Creates or updates the account tables (run after our own migrations); returns what it
 * changed: tables created, and `table.column` for columns added.
 */
export async function prepareAuthTables(): Promise<string[]> {
  const { getMigrations } = await import("better-auth/db/migration");
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(await authOptions());
  await runMigrations();
  return [
    ...toBeCreated.map(({ table }) => table),
    ...toBeAdded.flatMap(({ table, fields }) => Object.keys(fields).map((field) => `${table}.${field}`)),
  ];
}

/**
 * Only what better-auth needs to see of a browser request: no Origin, which we check
 * ourselves. A new session records its client's address, which better-auth takes only from
 * a header: we write it from the request context, never from what the client sent.
 */
export function forwardedHeaders(request: Request, clientAddress?: string): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (clientAddress) headers.set(clientAddressHeader, clientAddress);
  return headers;
}

export function setCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export type SignUpResult = { ok: true; userId: string } | { ok: false; reason: "exists" };

/** Registers an account; does not sign it in (the visitor logs in next). */
export async function signUp(email: string, password: string): Promise<SignUpResult> {
  const accounts = await auth();
  const response = await accounts.api.signUpEmail({
    body: { email, password, name: email },
    asResponse: true,
  });
  if (response.ok) {
    const { token, user } = (await response.json()) as { token: string | null; user: { id: string } };
    if (token) await (await accounts.$context).internalAdapter.deleteSession(token);
    return { ok: true, userId: user.id };
  }
  if (response.status === 422) return { ok: false, reason: "exists" };
  throw new Error(`sign-up failed with status ${response.status}`);
}

/** `twoStep`: the password was right, and the second step comes next (its cookie in the headers). */
export type SignInResult = { ok: true; headers: Headers; twoStep: boolean } | { ok: false };

export async function signIn(
  request: Request,
  clientAddress: string,
  email: string,
  password: string,
): Promise<SignInResult> {
  // No account has a longer one, and better-auth would answer it with an error, not a refusal.
  if (password.length > passwordUnits.max) return { ok: false };
  const response = await (await auth()).api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: forwardedHeaders(request, clientAddress),
    asResponse: true,
  });
  if (response.ok) {
    const { twoFactorRedirect } = (await response.json()) as { twoFactorRedirect?: boolean };
    return { ok: true, headers: setCookies(response), twoStep: twoFactorRedirect === true };
  }
  if (response.status === 401) return { ok: false };
  throw new Error(`sign-in failed with status ${response.status}`);
}

/** Ends the session on the server and clears the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  if (!hasSessionCookie(request)) return new Headers();
  const response = await (await auth()).api.signOut({ headers: forwardedHeaders(request), asResponse: true });
  return setCookies(response);
}

/**
 * Whether the password is the user's own. Only through password-check.ts, which counts the
 * guess first.
 */
export async function isOwnPassword(userId: string, password: string): Promise<boolean> {
  if (password.length > passwordUnits.max) return false;
  const context = await (await auth()).$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  return (
    Boolean(account?.password) &&
    (await context.password.verify({ hash: account?.password as string, password }))
  );
}

function hasSessionCookie(request: Request): boolean {
  return [cookieNames.session, cookieNames.secureSession].some(
    (name) => cookieValue(request, name) !== undefined,
  );
}

/** Our tables and better-auth's, for the queries that read both (in a transaction when given one). */
const accountTables = (source: Db = db()) => source as unknown as Kysely<SiteAndAuthTables>;

/** The account with this (lower-cased) address, or undefined. */
export async function findAccount(
  email: string,
  source: Db = db(),
): Promise<{ id: string; email: string; emailVerified: boolean } | undefined> {
  const row = await accountTables(source)
    .selectFrom("user")
    .select(["id", "email", "emailVerified"])
    .where("email", "=", email)
    .executeTakeFirst();
  return row && { ...row, emailVerified: Boolean(row.emailVerified) };
}

/** Whether the user has followed a verification link (or reset their password by e-mail). */
export async function isVerified(userId: string): Promise<boolean> {
  const row = await accountTables()
    .selectFrom("user")
    .select("emailVerified")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(row?.emailVerified);
}

/**
 * Whether the account may publish under REQUIRE_EMAIL_VERIFICATION: owners always may (the
 * only owner must never be locked out by turning the setting on); others once their address is
 * proven. `linkWaiting` says whether a link they could follow was ever sent and still works.
 */
export async function verificationOf(
  userId: string,
  now = Date.now(),
): Promise<{ verified: boolean; linkWaiting: boolean }> {
  const row = await accountTables()
    .selectFrom("user")
    .leftJoin("members", "members.userId", "user.id")
    .select((eb) => [
      "user.emailVerified",
      "members.role",
      eb
        .exists(
          eb
            .selectFrom("emailTokens")
            .select("emailTokens.userId")
            .whereRef("emailTokens.userId", "=", "user.id")
            .where("emailTokens.purpose", "=", "verify")
            .where("emailTokens.expiresAt", ">", now),
        )
        .as("linkWaiting"),
    ])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  return {
    verified: Boolean(row?.emailVerified) || row?.role === "owner",
    linkWaiting: Boolean(row?.linkWaiting),
  };
}

/** A boolean and a time as better-auth keeps them: SQLite has neither type (1 or 0, ISO text). */
function authValues(trx: Db) {
  const sqlite = dialectOf(trx) === "sqlite";
  return { yes: sqlite ? 1 : true, now: sqlite ? new Date().toISOString() : new Date() };
}

/** Marks the user's address as proven (they followed a link sent to it), in the caller's transaction. */
export async function markVerified(trx: Db, userId: string): Promise<void> {
  const { yes, now } = authValues(trx);
  await accountTables(trx)
    .updateTable("user")
    .set({ emailVerified: yes, updatedAt: now })
    .where("id", "=", userId)
    .execute();
}

/** A new password's hash, made as better-auth makes them (before the transaction that stores it: it is slow). */
export async function hashPassword(password: string): Promise<string> {
  return (await (await auth()).$context).password.hash(password);
}

/** Stores a new password hash for the user, in the caller's transaction (which ends sessions and links with it). */
export async function storePassword(trx: Db, userId: string, hash: string): Promise<void> {
  await accountTables(trx)
    .updateTable("account")
    .set({ password: hash, updatedAt: authValues(trx).now })
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .execute();
}

/**
 * Moves the account to a new address (proven by a link sent to it), verified, in the caller's
 * transaction; false when another account has it by now. Two accounts moving to one address
 * at once are decided by the unique index: the second transaction fails.
 */
export async function moveToAddress(trx: Db, userId: string, email: string): Promise<boolean> {
  if (await findAccount(email, trx)) return false;
  const { yes, now } = authValues(trx);
  await accountTables(trx)
    .updateTable("user")
    .set({ email, emailVerified: yes, updatedAt: now })
    .where("id", "=", userId)
    .execute();
  return true;
}

/** How many accounts there are. */
export async function countAccounts(): Promise<number> {
  const { count } = await accountTables()
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The token in the request's session cookie when better-auth signed it, else null. */
export function signedSessionToken(request: Request): Promise<string | null> {
  return signedAuthCookie(request, cookieNames.session, cookieNames.secureSession);
}

/**
 * The value of one of better-auth's signed cookies (`<value>.<signature>`) when better-auth
 * signed it, else null: read as better-auth reads it (the first cookie of the name, decoded)
 * and checked with better-auth's own signing function, so the two never disagree.
 */
export function signedAuthCookie(request: Request, name: string, secureName: string): Promise<string | null> {
  const value = cookieValue(request, config().publicUrl.startsWith("https:") ? secureName : name);
  return value === undefined ? Promise.resolve(null) : checkedAuthCookie(value);
}

// A signed-in reader sends the same cookie with every page: its signature is checked once.
const checkedAuthCookie = remembered(megabyte, async (value) => {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  // Loaded with the first session cookie, as better-auth itself is (it adds to every thread's start).
  const { constantTimeEqual, makeSignature } = await import("better-auth/crypto");
  return constantTimeEqual(value.slice(dot + 1), await makeSignature(token, config().authSecret))
    ? token
    : null;
});

export type SessionRow = {
  id: string;
  email: string;
  twoFactorEnabled: boolean | number | null;
  expiresAt: Date | string | number;
  role: Role | null;
  suspendedAt: number | null;
};

/**
 * The session lookup's SQL, built once per database: every page a signed-in reader opens runs
 * it, and building it with Kysely cost five times running it (128 µs against 25 µs on SQLite).
 * Its one parameter is the session's token.
 */
const sessionQueries = new WeakMap<Db, string>();
function sessionQuery(source: Db): string {
  let text = sessionQueries.get(source);
  if (text === undefined) {
    text = accountTables(source)
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .leftJoin("members", "members.userId", "user.id")
      .select([
        "user.id",
        "user.email",
        "user.twoFactorEnabled",
        "session.expiresAt",
        "members.role",
        "members.suspendedAt",
      ])
      // SQLite prepares a join compared with a bare parameter again on every run (its plan may
      // depend on the value), three quarters of the query's cost (19 µs against 5), and
      // better-sqlite3 then compiles the row's shape again too. A cast is a value the plan
      // cannot look into.
      .where("session.token", "=", sql<string>`cast(${""} as text)`)
      .compile().sql;
    sessionQueries.set(source, text);
  }
  return text;
}

/** The session of this token with its user's address, two-step setting, role and suspension. */
export async function sessionRow(source: Db, token: string): Promise<SessionRow | undefined> {
  return (await source.executeQuery<SessionRow>(CompiledQuery.raw(sessionQuery(source), [token]))).rows[0];
}

/**
 * The signed-in user, or null: the one session reader (decision 028). Sessions are written
 * only by better-auth (sign-in, sign-out, its daily extension) and ended by deleting their
 * rows, so reading the row on every request ends a session everywhere at once. The read is
 * one indexed query rather than better-auth's getSession, which cost eight times the CPU
 * (about 480 µs against 55) with no more to say; the cookie's signature is checked with
 * better-auth's own function, once per cookie. A session due for its daily extension (a
 * write) goes through better-auth. Requests without a session cookie cost no query.
 */
export async function getUser(request: Request): Promise<User | null> {
  const token = await signedSessionToken(request);
  if (!token) return null;
  const row = await sessionRow(db(), token);
  const expiresAt = row ? new Date(row.expiresAt).getTime() : 0;
  // Suspension ends the sessions; a sign-in racing with it must not outlive it either.
  if (!row || expiresAt <= Date.now() || row.suspendedAt != null) return null;
  const user: User = {
    id: row.id,
    email: row.email,
    role: row.role ?? "author",
    twoStep: Boolean(row.twoFactorEnabled),
  };
  if (expiresAt - (sessionLifetime - sessionUpdateAge) * 1000 > Date.now()) return user;
  const session = await (await auth()).api.getSession({ headers: forwardedHeaders(request) });
  return session ? user : null;
}

/**
 * The signed-in user; visitors are sent to log in and brought back afterwards to the page
 * they asked for: its address as they wrote it or, for a client-side navigation (a request
 * for the page's data, `/dashboard.data?_routes=…`), the page's `url` as loaders receive it.
 */
export async function requireUser(request: Request, url: URL): Promise<User> {
  const user = await getUser(request);
  if (user) return user;
  const asked = new URL(request.url);
  const { pathname, search } = asked.pathname.endsWith(".data") ? url : asked;
  throw redirect(logInPage("/login", `${pathname}${search}`));
}

/**
 * The signed-in owner; visitors go to log in, and everyone else gets 403. While the site
 * requires two-step sign-in of owners, an owner without it is sent to turn it on first.
 */
export async function requireOwner(request: Request, url: URL): Promise<User> {
  const user = await requireUser(request, url);
  if (user.role !== "owner") throw data("Only the site's owners can open the manage area.", { status: 403 });
  if (!user.twoStep && (await siteSettings(db())).ownersTwoStep === "required")
    throw redirect(twoStepSetupForOwners);
  return user;
}
