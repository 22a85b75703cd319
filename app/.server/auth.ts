import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { redirect } from "react-router";
import { config } from "./config.ts";
import { dialectOf } from "./db/dialect.ts";
import { db } from "./db/index.ts";
import { log } from "./log.ts";
import { singleton } from "./singleton.ts";

export interface User {
  id: string;
  email: string;
}

const cookiePrefix = "wm";
const sessionCookie = `${cookiePrefix}.session_token`;

function authOptions() {
  const { authSecret, publicUrl } = config();
  return {
    database: { db: db(), type: dialectOf(db()) },
    secret: authSecret,
    baseURL: publicUrl,
    emailAndPassword: { enabled: true, minPasswordLength: 5, maxPasswordLength: 15 },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our own limits count in the database with our own messages (see rate-limit.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix,
      // Secure cookies need HTTPS; a site served over plain HTTP could not keep anyone signed in.
      useSecureCookies: publicUrl.startsWith("https:"),
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    logger: {
      level: "warn" as const,
      log: (level: "info" | "warn" | "error" | "debug", message: string) => log()[level](message),
    },
  };
}

function auth() {
  return singleton("auth", () => betterAuth(authOptions()));
}

/** Creates or updates the account tables (run at start, after our own migrations). */
export async function prepareAuthTables(): Promise<void> {
  const { runMigrations } = await getMigrations(authOptions());
  await runMigrations();
}

/** Only what better-auth needs to see of a browser request: no Origin, which we check ourselves. */
function forwardedHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", "x-client-ip"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

function setCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export type SignUpResult = { ok: true } | { ok: false; reason: "exists" };

/** Registers an account; does not sign it in (the visitor logs in next). */
export async function signUp(email: string, password: string): Promise<SignUpResult> {
  const response = await auth().api.signUpEmail({
    body: { email, password, name: email },
    asResponse: true,
  });
  if (response.ok) {
    const { token } = (await response.json()) as { token: string | null };
    if (token) await (await auth().$context).internalAdapter.deleteSession(token);
    return { ok: true };
  }
  if (response.status === 422) return { ok: false, reason: "exists" };
  throw new Error(`sign-up failed with status ${response.status}`);
}

export type SignInResult = { ok: true; headers: Headers } | { ok: false };

export async function signIn(request: Request, email: string, password: string): Promise<SignInResult> {
  const response = await auth().api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: forwardedHeaders(request),
    asResponse: true,
  });
  if (response.ok) return { ok: true, headers: setCookies(response) };
  if (response.status === 401) return { ok: false };
  throw new Error(`sign-in failed with status ${response.status}`);
}

/** Ends the session on the server and clears the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  if (!hasSessionCookie(request)) return new Headers();
  const response = await auth().api.signOut({ headers: forwardedHeaders(request), asResponse: true });
  return setCookies(response);
}

function hasSessionCookie(request: Request): boolean {
  return request.headers.get("cookie")?.includes(sessionCookie) ?? false;
}

/** The signed-in user, or null; requests without a session cookie cost no query. */
export async function getUser(request: Request): Promise<User | null> {
  if (!hasSessionCookie(request)) return null;
  const session = await auth().api.getSession({ headers: forwardedHeaders(request) });
  return session ? { id: session.user.id, email: session.user.email } : null;
}

/** The signed-in user; visitors are sent to log in and brought back afterwards. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (user) return user;
  const { pathname, search } = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`);
}
