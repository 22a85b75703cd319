import { config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { addressBlock } from "./client-address.ts";
import { type Admission, admit, type Limit } from "./rate-limit.ts";

const minute = 60_000;

/** Posts one user may publish in an hour; the sample batch counts as each of its articles. */
export const postsPerHour = 30;

/** Uploads one user may begin in an hour (decision 018). */
export const uploadsPerHour = 20;

/** Searches one address may make in a minute: more than a person reads. */
export const searchesPerMinute = 30;

/** Reset links one address may be sent in an hour, whoever asks. */
export const resetLinksPerHour = 10;

/** Every limit of the site. Counters live in the database, shared by every thread and instance. */
export const limits = {
  /** Failed log-ins per email (guessing one account's password)… */
  logInsPerEmail: (email: string): Limit => ({ key: `login-email:${email}`, max: 5, windowMs: minute }),
  /** …and per address (trying many accounts). */
  logInsPerAddress: (clientAddress: string): Limit => ({
    key: `login-ip:${addressBlock(clientAddress)}`,
    max: 20,
    windowMs: minute,
  }),
  /** Wrong codes at two-step sign-in per account, counted as passwords are… */
  twoStepCodesPerUser: (userId: string): Limit => ({
    key: `two-step-user:${userId}`,
    max: 5,
    windowMs: minute,
  }),
  /** …and per address. */
  twoStepCodesPerAddress: (clientAddress: string): Limit => ({
    key: `two-step-ip:${addressBlock(clientAddress)}`,
    max: 20,
    windowMs: minute,
  }),
  registrationsPerAddress: (clientAddress: string): Limit => ({
    key: `register-ip:${addressBlock(clientAddress)}`,
    max: 10,
    windowMs: 10 * minute,
  }),
  postsPerUser: (userId: string): Limit => ({
    key: `posts-user:${userId}`,
    max: postsPerHour,
    windowMs: 60 * minute,
  }),
  /** Password-reset requests per address (trying many accounts)… */
  resetRequestsPerAddress: (clientAddress: string): Limit => ({
    key: `reset-ip:${addressBlock(clientAddress)}`,
    max: 10,
    windowMs: 15 * minute,
  }),
  /** …per e-mail from one requester, so a stranger's requests never use up the owner's… */
  resetRequestsPerEmailFrom: (email: string, clientAddress: string): Limit => ({
    key: `reset-email:${email}:${addressBlock(clientAddress)}`,
    max: 3,
    windowMs: 60 * minute,
  }),
  /** …and per e-mail from everyone (filling one person's inbox). */
  resetRequestsPerEmail: (email: string): Limit => ({
    key: `reset-email:${email}`,
    max: resetLinksPerHour,
    windowMs: 60 * minute,
  }),
  /** Leasing enquiries per address (SPEC §11)… */
  enquiriesPerAddress: (clientAddress: string): Limit => ({
    key: `enquiry-ip:${addressBlock(clientAddress)}`,
    max: 5,
    windowMs: 60 * minute,
  }),
  /** …and from everyone: many addresses at once are a flood, never a building's real week. */
  enquiriesSiteWide: (): Limit => ({ key: "enquiry-site", max: 10, windowMs: 10 * minute }),
  /** Subscriptions asked for per address (SPEC §15)… */
  subscriptionsPerAddress: (clientAddress: string): Limit => ({
    key: `subscribe-ip:${addressBlock(clientAddress)}`,
    max: 10,
    windowMs: 60 * minute,
  }),
  /** …and confirmation messages per e-mail from everyone (filling one person's inbox): past it, nothing is sent, and the answer stays the same. */
  confirmationsPerEmail: (email: string): Limit => ({
    key: `subscribe-email:${email}`,
    max: 3,
    windowMs: 24 * 60 * minute,
  }),
  /** Messages a signed-in user may have sent to themselves (verification, address change). */
  accountMailPerUser: (userId: string): Limit => ({
    key: `account-mail:${userId}`,
    max: 5,
    windowMs: 60 * minute,
  }),
  /** Profile saves per user: each change renews every cached page. */
  profileSavesPerUser: (userId: string): Limit => ({
    key: `profile-user:${userId}`,
    max: 20,
    windowMs: 60 * minute,
  }),
  /** Searches per address: each reads the index, which no cached page spares (decision 034). */
  searchesPerAddress: (clientAddress: string): Limit => ({
    key: `search-ip:${addressBlock(clientAddress)}`,
    max: searchesPerMinute,
    windowMs: minute,
  }),
  /** Saves the editor makes on its own (decision 038): one every few seconds of writing, with room to spare. */
  autosavesPerUser: (userId: string): Limit => ({
    key: `autosaves-user:${userId}`,
    max: 120,
    windowMs: 10 * minute,
  }),
  uploadsPerUser: (userId: string): Limit => ({
    key: `uploads-user:${userId}`,
    max: uploadsPerHour,
    windowMs: 60 * minute,
  }),
};

/**
 * Counts against the limits before the work they guard is done (see rate-limit.ts). With
 * RATE_LIMITS=off, which only the test suites and the security scan set, nothing is limited.
 */
export function admitTo(db: Db, limitsInForce: Limit[], weight = 1, now = Date.now()): Promise<Admission> {
  return admit(db, config().rateLimits ? limitsInForce : [], { weight, now });
}

export const throttleMessages = {
  attempts: (seconds: number) => `Too many attempts, try again in ${seconds} seconds`,
  resetLinks: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `This address has been sent ${resetLinksPerHour} reset links in the last hour, the most we send; the links already in its inbox still work. To ask for another, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
  posts: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `Too many posts: ${postsPerHour} an hour at most. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
  searches: (seconds: number) =>
    `Too many searches from your network: ${searchesPerMinute} a minute at most. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  autosaves: (seconds: number) =>
    `Not saved automatically: too many saves in a few minutes. It tries again in ${seconds} seconds; Save draft or Publish saves now.`,
  uploads: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `Too many uploads: ${uploadsPerHour} an hour at most. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
};

/** Counts `count` new posts of the user before they are written: the refusal's words when over the limit, else null. */
export async function postingRefusal(db: Db, userId: string, count: number): Promise<string | null> {
  const admission = await admitTo(db, [limits.postsPerUser(userId)], count);
  return admission.allowed ? null : throttleMessages.posts(admission.waitSeconds);
}
