import { randomBytes } from "node:crypto";
import path from "node:path";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { BackupStatus } from "../db/schema.ts";
import { log } from "../log.ts";
import { withLease } from "../uploads/upload-locks.ts";
import { type BackupStore, defaultStores } from "./backup-store.ts";
import { takeBackup, timestampName, verifyBackup } from "./take.ts";

/** Instances sharing a database take turns through this lease: one backup at a time, anywhere. */
const leaseName = "backups:scheduled";
/** How often an instance looks whether a backup is due. */
const lookEveryMs = 60_000;
/** How long a failed backup stays in the record (its folder is removed at once). */
const failuresKeptMs = 30 * 24 * 60 * 60_000;
/** After a failure, the next try waits at least this long (or BACKUP_EVERY, when shorter). */
const retryAfterMs = 10 * 60_000;

export interface BackupRecord {
  folder: string;
  status: BackupStatus;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

/** The newest scheduled backups, newest first (the manage area's overview shows the first). */
export async function recentBackups(db: Db, limit = 5): Promise<BackupRecord[]> {
  const rows = await db
    .selectFrom("backups")
    .select(["folder", "status", "startedAt", "finishedAt", "error"])
    .orderBy("startedAt", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    startedAt: new Date(Number(row.startedAt)),
    finishedAt: row.finishedAt == null ? null : new Date(Number(row.finishedAt)),
  }));
}

interface Schedule {
  everyMs: number;
  /** BACKUP_DIR, or the bucket's `backups/scheduled/` with STORAGE_URL. */
  store: BackupStore;
  keep: number;
}

/**
 * Takes a backup when one is due (none succeeded within `everyMs`, and no try within the
 * retry pause), verifies it by reading it back, and keeps only the newest `keep` good ones.
 * One instance at a time; false when another instance holds the turn.
 */
export async function backUpIfDue(db: Db, schedule: Schedule, now = Date.now()): Promise<boolean> {
  return withLease(db, leaseName, async () => {
    await endInterrupted(db, schedule.store);
    const [lastGood, lastTry] = await Promise.all([newestStart(db, "ok"), newestStart(db, "failed")]);
    const retryPause = Math.min(schedule.everyMs, retryAfterMs);
    if (lastGood !== undefined && now - lastGood < schedule.everyMs) return;
    if (lastTry !== undefined && lastTry > (lastGood ?? 0) && now - lastTry < retryPause) return;
    await backUp(db, schedule, now);
    await rotate(db, schedule);
  });
}

async function newestStart(db: Db, status: BackupStatus): Promise<number | undefined> {
  const row = await db
    .selectFrom("backups")
    .select("startedAt")
    .where("status", "=", status)
    .orderBy("startedAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.startedAt);
}

/** The backup's name when `location` is in `store` (the store may have changed since). */
function nameIn(store: BackupStore, location: string): string | undefined {
  const name = path.basename(location);
  return store.location(name) === location ? name : undefined;
}

/**
 * A backup still marked running holds no lease (we have it): its instance stopped during it,
 * or this database is a restored copy taken while that backup ran (whose copy may be whole).
 */
async function endInterrupted(db: Db, store: BackupStore): Promise<void> {
  const unfinished = await db
    .selectFrom("backups")
    .select(["id", "folder"])
    .where("status", "=", "running")
    .execute();
  for (const { id, folder } of unfinished) {
    const name = nameIn(store, folder);
    const whole =
      name !== undefined &&
      (await verifyBackup(store, name).then(
        () => true,
        () => false,
      ));
    if (!whole && name !== undefined) await store.remove(name);
    await db
      .updateTable("backups")
      .set(
        whole
          ? { status: "ok", finishedAt: Date.now() }
          : {
              status: "failed",
              finishedAt: Date.now(),
              error: "interrupted: the server stopped during the backup",
            },
      )
      .where("id", "=", id)
      .execute();
  }
}

async function backUp(db: Db, { store }: Schedule, now: number): Promise<void> {
  const id = randomBytes(16).toString("hex");
  const name = timestampName(new Date(now));
  const location = store.location(name);
  await db
    .insertInto("backups")
    .values({ id, folder: location, status: "running", startedAt: now })
    .execute();
  try {
    const copied = await takeBackup(config(), store, name);
    await verifyBackup(store, name);
    await db
      .updateTable("backups")
      .set({ status: "ok", finishedAt: Date.now() })
      .where("id", "=", id)
      .execute();
    log().info(`scheduled backup of ${copied} written and read back: ${location}`);
  } catch (error) {
    await store.remove(name).catch(() => {});
    const reason =
      (error instanceof Error ? error.message : String(error)).split("\n")[0]?.slice(0, 500) ?? "";
    await db
      .updateTable("backups")
      .set({ status: "failed", finishedAt: Date.now(), error: reason })
      .where("id", "=", id)
      .execute();
    log().warn({ folder: location }, `the scheduled backup failed: ${reason}`);
  }
}

/**
 * Keeps the newest `keep` whole backups in the store, as the store holds them (a restored
 * database may not know the newest), and removes half-made ones: no backup runs but ours.
 */
async function rotate(db: Db, { store, keep }: Schedule): Promise<void> {
  const { whole, unfinished } = await store.list();
  for (const name of unfinished) await store.remove(name);
  const old = whole.slice(0, -keep);
  for (const name of old) await store.remove(name);
  if (old.length > 0) {
    await db
      .deleteFrom("backups")
      .where("folder", "in", old.map(store.location))
      .where("status", "=", "ok")
      .execute();
  }
  await db
    .deleteFrom("backups")
    .where("status", "=", "failed")
    .where("startedAt", "<", Date.now() - failuresKeptMs)
    .execute();
}

let scheduler: { timer: NodeJS.Timeout; running: Promise<unknown> } | undefined;

/** Looks every minute (or every BACKUP_EVERY, when shorter) whether a backup is due. */
export function startBackups(db: Db): void {
  const { everyMs, keep } = config().backups;
  if (everyMs === undefined) return;
  const stores = defaultStores(config());
  const look = () => {
    const running = stores
      .then(({ scheduled }) => backUpIfDue(db, { everyMs, store: scheduled, keep }))
      .catch((error: unknown) => log().warn({ err: error }, "could not look whether a backup is due"));
    if (scheduler) scheduler.running = running;
  };
  scheduler = { timer: setInterval(look, Math.min(everyMs, lookEveryMs)), running: Promise.resolve() };
  scheduler.timer.unref();
  look();
}

/** Stops the timer and lets a backup in progress finish. */
export async function stopBackups(): Promise<void> {
  if (!scheduler) return;
  clearInterval(scheduler.timer);
  await scheduler.running;
}
