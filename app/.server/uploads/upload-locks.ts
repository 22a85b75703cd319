import { randomBytes } from "node:crypto";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";

const leaseMs = 30_000;
const acquireTimeoutMs = 30_000;
const retryMs = 100;

/**
 * tus upload locks kept in the database, so instances behind one load balancer take turns on
 * an upload. A lease that is not renewed (its instance died) runs out, so no lock outlives
 * its holder by more than `leaseMs`.
 */
export function databaseLocker(db: Db): Locker {
  // Requests on this instance that hold a lock, so a newer request here can ask one to let go.
  const releasers = new Map<string, RequestRelease>();
  return {
    newLock(uploadId: string): Lock {
      const holder = randomBytes(16).toString("hex");
      let renewal: NodeJS.Timeout | undefined;
      let release: RequestRelease | undefined;
      return {
        async lock(stopSignal, requestRelease) {
          const deadline = Date.now() + acquireTimeoutMs;
          while (!(await tryAcquire(db, uploadId, holder))) {
            await releasers.get(uploadId)?.();
            if (stopSignal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await new Promise((resolve) => setTimeout(resolve, retryMs));
          }
          release = requestRelease;
          releasers.set(uploadId, release);
          renewal = setInterval(() => {
            void renew(db, uploadId, holder);
          }, leaseMs / 3);
          renewal.unref();
        },
        async unlock() {
          clearInterval(renewal);
          if (releasers.get(uploadId) === release) releasers.delete(uploadId);
          await letGo(db, uploadId, holder);
        },
      };
    },
  };
}

/**
 * Runs `work` unless another holder (on any instance) has `name` now, renewing the lease
 * while it runs; false when another has it.
 */
export async function withLease(db: Db, name: string, work: () => Promise<void>): Promise<boolean> {
  const holder = randomBytes(16).toString("hex");
  if (!(await tryAcquire(db, name, holder))) return false;
  const renewal = setInterval(() => {
    void renew(db, name, holder);
  }, leaseMs / 3);
  renewal.unref();
  try {
    await work();
  } finally {
    clearInterval(renewal);
    await letGo(db, name, holder);
  }
  return true;
}

/** Takes the lock if it is free or its lease ran out; true when `holder` now has it. */
async function tryAcquire(db: Db, uploadId: string, holder: string): Promise<boolean> {
  const now = Date.now();
  const taken = await db
    .insertInto("uploadLocks")
    .values({ uploadId, holder, expiresAt: now + leaseMs })
    .onConflict((conflict) =>
      conflict
        .column("uploadId")
        .doUpdateSet({ holder, expiresAt: now + leaseMs })
        .where(sql.ref("uploadLocks.expiresAt"), "<=", now),
    )
    .returning("holder")
    .executeTakeFirst();
  return taken?.holder === holder;
}

async function renew(db: Db, uploadId: string, holder: string): Promise<void> {
  await db
    .updateTable("uploadLocks")
    .set({ expiresAt: Date.now() + leaseMs })
    .where("uploadId", "=", uploadId)
    .where("holder", "=", holder)
    .execute()
    // A missed renewal only shortens the lease; the next one (or the holder's unlock) follows.
    .catch(() => {});
}

async function letGo(db: Db, uploadId: string, holder: string): Promise<void> {
  await db.deleteFrom("uploadLocks").where("uploadId", "=", uploadId).where("holder", "=", holder).execute();
}
