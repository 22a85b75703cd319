import { ERRORS } from "@tus/utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseLocker } from "~/.server/uploads/upload-locks.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const never = new AbortController().signal;
const noRelease = async () => {};

describe.each(dialects)("upload locks on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
  });
  afterEach(async () => {
    await t.close();
  });

  it("lets one instance at a time hold an upload, and the next take it once released", async () => {
    // Two lockers on one database stand for two server instances.
    const onA = databaseLocker(t.db).newLock("upload-1");
    const onB = databaseLocker(t.db).newLock("upload-1");
    await onA.lock(never, noRelease);
    let bHolds = false;
    const waiting = onB.lock(never, noRelease).then(() => {
      bHolds = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bHolds).toBe(false);
    await onA.unlock();
    await waiting;
    expect(bHolds).toBe(true);
    const rows = await t.db.selectFrom("uploadLocks").selectAll().execute();
    expect(rows).toHaveLength(1);
    await onB.unlock();
    expect(await t.db.selectFrom("uploadLocks").selectAll().execute()).toEqual([]);
  });

  it("does not block other uploads", async () => {
    const locker = databaseLocker(t.db);
    await locker.newLock("upload-1").lock(never, noRelease);
    await expect(locker.newLock("upload-2").lock(never, noRelease)).resolves.toBeUndefined();
  });

  it("asks an earlier request on the same instance to let go", async () => {
    const locker = databaseLocker(t.db);
    const earlier = locker.newLock("upload-1");
    let asked = false;
    await earlier.lock(never, async () => {
      asked = true;
      await earlier.unlock();
    });
    await locker.newLock("upload-1").lock(never, noRelease);
    expect(asked).toBe(true);
  });

  it("takes over the lock of an instance that died once its lease runs out", async () => {
    await databaseLocker(t.db).newLock("upload-1").lock(never, noRelease);
    await t.db
      .updateTable("uploadLocks")
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    await expect(databaseLocker(t.db).newLock("upload-1").lock(never, noRelease)).resolves.toBeUndefined();
  });

  it("gives up when the request is cancelled while waiting", async () => {
    await databaseLocker(t.db).newLock("upload-1").lock(never, noRelease);
    const cancelled = new AbortController();
    const waiting = databaseLocker(t.db).newLock("upload-1").lock(cancelled.signal, noRelease);
    cancelled.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });
});
