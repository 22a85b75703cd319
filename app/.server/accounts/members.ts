import type { Kysely, Transaction } from "kysely";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database, Role, SiteAndAuthTables } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { admitTo, limits, throttleMessages } from "../http/throttles.ts";
import { bumpContentVersion, deletePost } from "../posts/posts.ts";
import { recordActivity } from "../site/activity.ts";
import { siteSettings } from "../site/settings.ts";
import { endLinks } from "./links.ts";

/** Who acts: the signed-in owner (or the command line, as `owner-command`). */
export interface Actor {
  id: string;
  email: string;
}

/** The actor the activity log names for `npm run owner`. */
export const commandLine: Actor = { id: "owner-command", email: "npm run owner" };

export type ChangeResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

export const memberMessages = {
  lastOwner: "The site must always have an owner: make someone else an owner first.",
  notYourself: "You cannot do this to your own account; ask another owner.",
  noUser: "There is no such user.",
  noProfileWaiting: "This user has no profile change waiting (another owner may have decided it).",
  handleTaken: "Someone else has this handle now: reject this change, and the author can choose another.",
};

/** Our tables and better-auth's, for the queries that join them. */
function withAuth(db: Db): Kysely<SiteAndAuthTables> {
  return db as unknown as Kysely<SiteAndAuthTables>;
}

export interface Member extends Profile {
  role: Role;
  suspended: boolean;
  /** The profile waiting for an owner's approval (review mode), if any, and since when. */
  pending: Profile | null;
  pendingSince: Date | null;
}

/** A user's role, standing and profile; a user with no row is an author with no profile. */
export async function memberOf(db: Db, userId: string): Promise<Member> {
  const row = await db.selectFrom("members").selectAll().where("userId", "=", userId).executeTakeFirst();
  return {
    role: row?.role ?? "author",
    suspended: row?.suspendedAt != null,
    displayName: row?.displayName ?? null,
    handle: row?.handle ?? null,
    bio: row?.bio ?? null,
    pending: pendingOf(row),
    pendingSince: row?.pendingSince == null ? null : new Date(Number(row.pendingSince)),
  };
}

/** Makes sure the user has a row to update (authors get one on their first change). */
async function ensureMember(trx: Db, userId: string): Promise<void> {
  await trx
    .insertInto("members")
    .values({ userId })
    .onConflict((conflict) => conflict.column("userId").doNothing())
    .execute();
}

async function userExists(trx: Db, userId: string): Promise<boolean> {
  const row = await withAuth(trx).selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Runs a change to who may run the site with every other such change waiting: the settings
 * row is locked first (a row lock on PostgreSQL, the write lock on SQLite), so two owners
 * demoting each other at once are decided one after the other, and the second sees the first.
 */
async function withOwnersLocked<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable("siteSettings")
      .set((eb) => ({ registration: eb.ref("registration") }))
      .where("id", "=", 1)
      .execute();
    return work(trx);
  });
}

/** Owners who can act: not suspended. */
async function activeOwners(trx: Db): Promise<number> {
  const { count } = await trx
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "owner")
    .where("suspendedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function isActiveOwner(trx: Db, userId: string): Promise<boolean> {
  const member = await memberOf(trx, userId);
  return member.role === "owner" && !member.suspended;
}

/** Refuses a change that would take away the site's last owner. */
async function keepsAnOwner(trx: Db, userId: string): Promise<boolean> {
  return !(await isActiveOwner(trx, userId)) || (await activeOwners(trx)) > 1;
}

async function emailOf(trx: Db, userId: string): Promise<string> {
  const row = await withAuth(trx)
    .selectFrom("user")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.email ?? userId;
}

/** Makes a user an owner or an author again; never leaves the site without an owner. */
export async function setRole(db: Db, actor: Actor, userId: string, role: Role): Promise<ChangeResult> {
  return withOwnersLocked(db, async (trx) => {
    if (!(await userExists(trx, userId))) return { ok: false, status: 404, message: memberMessages.noUser };
    if (role === "author" && userId === actor.id)
      return { ok: false, status: 409, message: memberMessages.notYourself };
    if (role === "author" && !(await keepsAnOwner(trx, userId)))
      return { ok: false, status: 409, message: memberMessages.lastOwner };
    await ensureMember(trx, userId);
    await trx.updateTable("members").set({ role }).where("userId", "=", userId).execute();
    await recordActivity(
      trx,
      actor,
      role === "owner" ? "made owner" : "removed owner",
      await emailOf(trx, userId),
    );
    return { ok: true };
  });
}

/**
 * Suspends a user, ending all their sessions at once (every instance reads sessions from the
 * database) and hiding their posts; or restores them.
 */
export async function setSuspended(
  db: Db,
  actor: Actor,
  userId: string,
  suspended: boolean,
): Promise<ChangeResult> {
  return withOwnersLocked(db, async (trx) => {
    if (!(await userExists(trx, userId))) return { ok: false, status: 404, message: memberMessages.noUser };
    if (suspended && userId === actor.id)
      return { ok: false, status: 409, message: memberMessages.notYourself };
    if (suspended && !(await keepsAnOwner(trx, userId)))
      return { ok: false, status: 409, message: memberMessages.lastOwner };
    await ensureMember(trx, userId);
    await trx
      .updateTable("members")
      .set({ suspendedAt: suspended ? Date.now() : null })
      .where("userId", "=", userId)
      .execute();
    if (suspended) {
      await endSessions(trx, userId);
      await endLinks(trx, userId);
    }
    await bumpContentVersion(trx);
    await recordActivity(trx, actor, suspended ? "suspended" : "restored", await emailOf(trx, userId));
    return { ok: true };
  });
}

/** Ends every session of the user, on every instance, from their next request; `except` keeps the one in use. */
export async function endSessions(db: Db, userId: string, except?: string): Promise<void> {
  let query = withAuth(db).deleteFrom("session").where("userId", "=", userId);
  if (except) query = query.where("token", "<>", except);
  await query.execute();
}

/** "Sign out everywhere": every session of the user ends, this one too, and every link with them (decision 029). */
export async function signOutEverywhere(db: Db, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await endSessions(trx, userId);
    await endLinks(trx, userId);
  });
}

/**
 * Deletes a user with their posts (covers released for the sweep, as deletePost does) and
 * sessions. `actor` is the owner doing it, or the user themself from their account page.
 */
export async function deleteUser(db: Db, actor: Actor, userId: string): Promise<ChangeResult> {
  return withOwnersLocked(db, async (trx) => {
    if (!(await userExists(trx, userId))) return { ok: false, status: 404, message: memberMessages.noUser };
    if (!(await keepsAnOwner(trx, userId)))
      return { ok: false, status: 409, message: memberMessages.lastOwner };
    const email = await emailOf(trx, userId);
    const posts = await trx.selectFrom("posts").select("slug").where("userId", "=", userId).execute();
    for (const { slug } of posts) await deletePost(trx, slug);
    await endSessions(trx, userId);
    await endLinks(trx, userId);
    await withAuth(trx).deleteFrom("account").where("userId", "=", userId).execute();
    await withAuth(trx).deleteFrom("user").where("id", "=", userId).execute();
    await trx.deleteFrom("members").where("userId", "=", userId).execute();
    await bumpContentVersion(trx);
    if (actor.id !== userId) await recordActivity(trx, actor, "deleted user", email);
    return { ok: true };
  });
}

/** An owner deletes another user from the manage area (their own account goes from /account). */
export async function ownerDeletesUser(db: Db, actor: Actor, userId: string): Promise<ChangeResult> {
  if (userId === actor.id) return { ok: false, status: 409, message: memberMessages.notYourself };
  return deleteUser(db, actor, userId);
}

/** The account with this e-mail address (better-auth stores them in lower case). */
export async function userByEmail(db: Db, email: string): Promise<{ id: string } | undefined> {
  return withAuth(db)
    .selectFrom("user")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
}

/** The command line's owner changes: by e-mail, with the same last-owner rule. */
export async function setRoleByEmail(db: Db, email: string, role: Role): Promise<ChangeResult> {
  const user = await userByEmail(db, email);
  if (!user) return { ok: false, status: 404, message: `No account has the e-mail address ${email}.` };
  return withOwnersLocked(db, async (trx) => {
    if (role === "author" && !(await keepsAnOwner(trx, user.id)))
      return { ok: false, status: 409, message: memberMessages.lastOwner };
    await ensureMember(trx, user.id);
    await trx.updateTable("members").set({ role }).where("userId", "=", user.id).execute();
    await recordActivity(
      trx,
      commandLine,
      role === "owner" ? "made owner" : "removed owner",
      email.toLowerCase(),
    );
    return { ok: true };
  });
}

/** Owners' e-mail addresses, alphabetically. */
export async function listOwners(db: Db): Promise<{ email: string; suspended: boolean }[]> {
  const rows = await withAuth(db)
    .selectFrom("members")
    .innerJoin("user", "user.id", "members.userId")
    .select(["user.email", "members.suspendedAt"])
    .where("members.role", "=", "owner")
    .orderBy("user.email")
    .execute();
  return rows.map((row) => ({ email: row.email, suspended: row.suspendedAt !== null }));
}

export interface Profile {
  displayName: string | null;
  handle: string | null;
  bio: string | null;
}

export type ProfileSave =
  /** `waiting`: in review mode, the profile waits for an owner; the public one stays. */
  | { ok: true; waiting?: true }
  | { ok: false; reason: "handle taken" }
  | { ok: false; reason: "throttled"; message: string };

const profileFields = ["displayName", "handle", "bio"] as const;

/**
 * Saves a user's byline, handle and bio, counted first (saves are cheap to send in a loop).
 * In review mode an author's profile goes public only when an owner approves it (SPEC §6:
 * a new author must not pose as the building's managers), so it is kept aside as pending;
 * a save that proposes the public profile again withdraws it. Otherwise bylines are on
 * public pages, so a change renews every cached page, and only a change: a save that changes
 * nothing renews nothing. Two users claiming one handle at once are decided by the unique
 * index: the second is told it is taken.
 */
export async function saveProfile(db: Db, userId: string, profile: Profile): Promise<ProfileSave> {
  const admission = await admitTo(db, [limits.profileSavesPerUser(userId)]);
  if (!admission.allowed)
    return { ok: false, reason: "throttled", message: throttleMessages.attempts(admission.waitSeconds) };
  try {
    return await inTransaction(db, async (trx): Promise<ProfileSave> => {
      await ensureMember(trx, userId);
      const member = await memberOf(trx, userId);
      if (member.role !== "owner" && (await siteSettings(trx)).publishing === "review") {
        if (profile.handle !== null && (await handleTakenByAnother(trx, userId, profile.handle)))
          return { ok: false, reason: "handle taken" };
        const same = profileFields.every((field) => member[field] === profile[field]);
        await trx
          .updateTable("members")
          .set({
            pendingProfile: same ? null : JSON.stringify(profile),
            pendingSince: same ? null : Date.now(),
          })
          .where("userId", "=", userId)
          .execute();
        return same ? { ok: true } : { ok: true, waiting: true };
      }
      const changed = await trx
        .updateTable("members")
        .set({ ...profile, pendingProfile: null, pendingSince: null })
        .where("userId", "=", userId)
        .where((eb) =>
          eb.or(profileFields.map((field) => eb(eb.ref(field), "is distinct from", profile[field]))),
        )
        .executeTakeFirst();
      if (changed.numUpdatedRows > 0n) await bumpContentVersion(trx);
      return { ok: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "handle taken" };
    throw error;
  }
}

async function handleTakenByAnother(trx: Db, userId: string, handle: string): Promise<boolean> {
  const row = await trx
    .selectFrom("members")
    .select("userId")
    .where("handle", "=", handle)
    .where("userId", "!=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The profile a user proposed in review mode, or null. */
function pendingOf(row: { pendingProfile: string | null } | undefined): Profile | null {
  return row?.pendingProfile ? (JSON.parse(row.pendingProfile) as Profile) : null;
}

/**
 * An owner's decision on a waiting profile: approving makes it the public one (renewing every
 * cached page), rejecting drops it; either way the activity log says so. A handle someone
 * else took meanwhile cannot be approved: the owner is told, and rejects it.
 */
export async function decideProfile(
  db: Db,
  actor: Actor,
  userId: string,
  approve: boolean,
): Promise<ChangeResult> {
  try {
    return await inTransaction(db, async (trx): Promise<ChangeResult> => {
      const row = await trx
        .selectFrom("members")
        .select("pendingProfile")
        .where("userId", "=", userId)
        .executeTakeFirst();
      const pending = pendingOf(row);
      if (!pending) return { ok: false, status: 409, message: memberMessages.noProfileWaiting };
      // Only the profile read above: of two owners deciding at once, the second finds it gone.
      const decided = await trx
        .updateTable("members")
        .set({ ...(approve ? pending : {}), pendingProfile: null, pendingSince: null })
        .where("userId", "=", userId)
        .where("pendingProfile", "=", row?.pendingProfile as string)
        .executeTakeFirst();
      if (Number(decided.numUpdatedRows) !== 1)
        return { ok: false, status: 409, message: memberMessages.noProfileWaiting };
      if (approve) await bumpContentVersion(trx);
      await recordActivity(
        trx,
        actor,
        approve ? "approved profile" : "rejected profile",
        await emailOf(trx, userId),
      );
      return { ok: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: memberMessages.handleTaken };
    throw error;
  }
}

/** The author with this handle, for their page; suspended authors have none until restored. */
export async function authorByHandle(
  db: Db,
  handle: string,
): Promise<{ userId: string; displayName: string | null; bio: string | null } | undefined> {
  return db
    .selectFrom("members")
    .select(["userId", "displayName", "bio"])
    .where("handle", "=", handle)
    .where("suspendedAt", "is", null)
    .executeTakeFirst();
}

/** Records a successful sign-in (the users table shows it). */
export async function noteSignIn(db: Db, userId: string): Promise<void> {
  await ensureMember(db, userId);
  await db.updateTable("members").set({ lastSignInAt: Date.now() }).where("userId", "=", userId).execute();
}

export interface UserRow {
  id: string;
  email: string;
  displayName: string | null;
  /** The profile waiting for an owner's approval (review mode), if any. */
  pending: Profile | null;
  role: Role;
  suspended: boolean;
  /** Whether they sign in with a code from an authenticator app as well as their password. */
  twoStep: boolean;
  posts: number;
  joined: Date;
  lastSignIn: Date | null;
}

/** Every user, newest first, with their role and post count (the manage area). */
export async function listUsers(db: Db): Promise<UserRow[]> {
  const rows = await withAuth(db)
    .selectFrom("user")
    .leftJoin("members", "members.userId", "user.id")
    .select((eb) => [
      "user.id",
      "user.email",
      "user.createdAt",
      "user.twoFactorEnabled",
      "members.displayName",
      "members.pendingProfile",
      "members.role",
      "members.suspendedAt",
      "members.lastSignInAt",
      eb
        .selectFrom("posts")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("posts.userId", "=", "user.id")
        .as("posts"),
    ])
    .orderBy("user.createdAt", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    pending: pendingOf(row),
    role: row.role ?? "author",
    suspended: row.suspendedAt != null,
    twoStep: Boolean(row.twoFactorEnabled),
    posts: Number(row.posts ?? 0),
    joined: new Date(row.createdAt),
    lastSignIn: row.lastSignInAt == null ? null : new Date(Number(row.lastSignInAt)),
  }));
}

/** One user's e-mail and post count (the delete confirmation), or undefined. */
export async function userSummary(
  db: Db,
  userId: string,
): Promise<{ email: string; posts: number } | undefined> {
  const user = await withAuth(db)
    .selectFrom("user")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const { count } = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return { email: user.email, posts: Number(count) };
}

/** The account as its owner may download it: never the password hash (it is not in `user`). */
export async function accountRecord(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; createdAt: string } | undefined> {
  const row = await withAuth(db)
    .selectFrom("user")
    .select(["id", "email", "createdAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, createdAt: new Date(row.createdAt).toISOString() };
}
