import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "~/.server/db/database.ts";

/**
 * Everything a request could change, each part as a digest: posts (every column, with their
 * revisions, pending autosaves and preview links), accounts,
 * sessions, images, users' uploads, the files behind them (image folders, unfinished
 * uploads), roles and profiles, the site's settings, the owners' activity log, enquiries, and
 * mail (the outbox and the links it sends). Sign-in times are left out: signing in is not a
 * change a request makes to the site. Rate-limit counters are left out: counting a refused
 * attempt is their job.
 */
export type SiteState = Record<
  | "posts"
  | "users"
  | "sessions"
  | "images"
  | "uploads"
  | "files"
  | "members"
  | "settings"
  | "activity"
  | "enquiries"
  | "mail",
  string
>;

function entries(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

export async function siteState(db: Db, dataDir: string): Promise<SiteState> {
  const posts = await db.selectFrom("posts").selectAll().orderBy("slug").execute();
  const revisions = await db.selectFrom("postRevisions").selectAll().orderBy("id").execute();
  const previewLinks = await db.selectFrom("previewLinks").selectAll().orderBy("slug").execute();
  const users = await sql`select id, email from "user" order by id`.execute(db);
  const sessions = await sql`select token, "expiresAt" from "session" order by token`.execute(db);
  const images = await db.selectFrom("images").select(["id", "userId"]).orderBy("id").execute();
  const uploads = await db.selectFrom("uploads").select(["id", "userId", "bytes"]).orderBy("id").execute();
  const members = await db
    .selectFrom("members")
    .select(["userId", "role", "suspendedAt", "displayName", "handle", "bio"])
    .orderBy("userId")
    .execute();
  const settings = await db.selectFrom("siteSettings").selectAll().execute();
  const activity = await db.selectFrom("activity").selectAll().orderBy("id").execute();
  const enquiries = await db.selectFrom("enquiries").selectAll().orderBy("id").execute();
  const outbox = await db.selectFrom("outbox").select(["id", "toAddress", "subject"]).orderBy("id").execute();
  const links = await db
    .selectFrom("emailTokens")
    .select(["tokenHash", "userId"])
    .orderBy("tokenHash")
    .execute();
  return {
    posts: digest([posts, revisions, previewLinks]),
    enquiries: digest(enquiries),
    mail: digest([outbox, links]),
    users: digest(users.rows),
    sessions: digest(sessions.rows),
    images: digest(images),
    uploads: digest(uploads),
    files: digest([entries(path.join(dataDir, "images")), entries(path.join(dataDir, "uploads"))]),
    members: digest(members),
    settings: digest(settings),
    activity: digest(activity),
  };
}

/** The parts that differ between two states. */
export function changedParts(before: SiteState, after: SiteState): (keyof SiteState)[] {
  return (Object.keys(before) as (keyof SiteState)[]).filter((part) => before[part] !== after[part]);
}
