import { type SignInResult, signIn, signUp } from "./auth.ts";
import { addressBlock } from "./client-address.ts";
import { db } from "./db/index.ts";
import { clearAttempts, countAttempt, type Limit, secondsBlocked } from "./rate-limit.ts";

const minute = 60_000;

export const messages = {
  invalid: "Invalid email or password",
  exists: "An account with this email already exists",
  tooMany: (seconds: number) => `Too many attempts, try again in ${seconds} seconds`,
};

export type AccountResult<T> = T | { ok: false; status: 401 | 409 | 429; message: string };

/** The client's address as throttles count it (an IPv6 address with its whole /64). */
function throttledAddress(request: Request): string {
  return addressBlock(request.headers.get("x-client-ip") ?? "unknown");
}

/** Failed logins are limited per email and per address. */
function loginLimits(request: Request, email: string): Limit[] {
  return [
    { key: `login-email:${email}`, max: 5, windowMs: minute },
    { key: `login-ip:${throttledAddress(request)}`, max: 20, windowMs: minute },
  ];
}

/** Registrations are limited per address. */
function registrationLimits(request: Request): Limit[] {
  return [{ key: `register-ip:${throttledAddress(request)}`, max: 10, windowMs: 10 * minute }];
}

async function blockedFor(limits: Limit[]): Promise<number> {
  const waits = await Promise.all(limits.map((limit) => secondsBlocked(db(), limit)));
  return Math.max(0, ...waits);
}

export async function logIn(
  request: Request,
  email: string,
  password: string,
): Promise<AccountResult<Extract<SignInResult, { ok: true }>>> {
  const limits = loginLimits(request, email);
  const wait = await blockedFor(limits);
  if (wait > 0) return { ok: false, status: 429, message: messages.tooMany(wait) };
  const result = await signIn(request, email, password);
  if (result.ok) {
    await clearAttempts(db(), limits[0] as Limit);
    return result;
  }
  await Promise.all(limits.map((limit) => countAttempt(db(), limit)));
  return { ok: false, status: 401, message: messages.invalid };
}

export async function register(
  request: Request,
  email: string,
  password: string,
): Promise<AccountResult<{ ok: true }>> {
  const limits = registrationLimits(request);
  const wait = await blockedFor(limits);
  if (wait > 0) return { ok: false, status: 429, message: messages.tooMany(wait) };
  await Promise.all(limits.map((limit) => countAttempt(db(), limit)));
  const result = await signUp(email, password);
  return result.ok ? result : { ok: false, status: 409, message: messages.exists };
}
