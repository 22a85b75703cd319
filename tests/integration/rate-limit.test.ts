import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { admit, clearAttempts, giveBack, type Limit } from "~/.server/http/rate-limit.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

const now = 1_800_000_000_000;
const minute = 60_000;
const perEmail: Limit = { key: "login-email:someone@example.com", max: 5, windowMs: minute };
const perAddress: Limit = { key: "login-ip:192.0.2.7", max: 2, windowMs: minute };
const posts: Limit = { key: "posts-user:u1", max: 30, windowMs: 60 * minute };

describe.each(dialects)("rate limits on $name", (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await dialect.open();
  });
  afterEach(async () => {
    await t.close();
  });

  async function count(limit: Limit): Promise<number | undefined> {
    const row = await t.db
      .selectFrom("rateLimits")
      .select("count")
      .where("key", "=", limit.key)
      .executeTakeFirst();
    return row?.count;
  }

  async function allowedOf(attempts: Promise<{ allowed: boolean }>[]): Promise<number> {
    return (await Promise.all(attempts)).filter((result) => result.allowed).length;
  }

  it("lets `max` attempts through in a window, then refuses with the seconds until it ends", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await admit(t.db, [perEmail], { now: now + i * 1000 })).allowed).toBe(true);
    }
    expect(await admit(t.db, [perEmail], { now: now + 10_500 })).toEqual({ allowed: false, waitSeconds: 50 });
    expect(await admit(t.db, [perEmail], { now: now + minute - 1 })).toEqual({
      allowed: false,
      waitSeconds: 1,
    });
    // Refused attempts are not counted.
    expect(await count(perEmail)).toBe(5);
  });

  it("starts a new window, counting from one, once the last has run out", async () => {
    for (let i = 0; i < 5; i++) await admit(t.db, [perEmail], { now });
    expect((await admit(t.db, [perEmail], { now: now + minute })).allowed).toBe(true);
    expect(await count(perEmail)).toBe(1);
    for (let i = 0; i < 4; i++)
      expect((await admit(t.db, [perEmail], { now: now + minute })).allowed).toBe(true);
    expect(await admit(t.db, [perEmail], { now: now + minute + 1000 })).toEqual({
      allowed: false,
      waitSeconds: 59,
    });
  });

  it("lets exactly `max` of 50 attempts made at once through", async () => {
    const attempts = Array.from({ length: 50 }, () => admit(t.db, [perEmail], { now }));
    expect(await allowedOf(attempts)).toBe(5);
    expect(await count(perEmail)).toBe(5);
  });

  it("counts a weighted attempt (the sample batch, ten posts) only when all of it fits", async () => {
    for (let i = 0; i < 25; i++) await admit(t.db, [posts], { now });
    expect(await admit(t.db, [posts], { weight: 10, now })).toMatchObject({ allowed: false });
    expect(await count(posts)).toBe(25);
    expect((await admit(t.db, [posts], { weight: 5, now })).allowed).toBe(true);
    expect(await admit(t.db, [posts], { now })).toMatchObject({ allowed: false });

    const fresh: Limit = { ...posts, key: "posts-user:u2" };
    const batches = Array.from({ length: 5 }, () => admit(t.db, [fresh], { weight: 10, now }));
    expect(await allowedOf(batches)).toBe(3);
    expect(await count(fresh)).toBe(30);
  });

  it("counts against every limit or none: an attempt one limit refuses leaves the others as they were", async () => {
    await admit(t.db, [perAddress], { now });
    await admit(t.db, [perAddress], { now });
    const refused = await admit(t.db, [perEmail, perAddress], { now: now + 30_000 });
    expect(refused).toEqual({ allowed: false, waitSeconds: 30 });
    expect(await count(perEmail)).toBe(0);
    expect(await count(perAddress)).toBe(2);
  });

  it("gives back what it counted, but never into a window that has started since", async () => {
    const first = await admit(t.db, [perEmail, perAddress], { now });
    if (!first.allowed) throw new Error("the first attempt must be allowed");
    await Promise.all(first.counted.map((counted) => giveBack(t.db, counted)));
    expect(await count(perEmail)).toBe(0);
    expect(await count(perAddress)).toBe(0);

    const earlier = await admit(t.db, [perAddress], { now });
    await admit(t.db, [perAddress], { now: now + minute });
    if (!earlier.allowed) throw new Error("the attempt must be allowed");
    await giveBack(t.db, earlier.counted[0] as (typeof earlier.counted)[0]);
    expect(await count(perAddress)).toBe(1);
  });

  it("keeps each key's count apart, and clears one key alone", async () => {
    const other: Limit = { ...perEmail, key: "login-email:other@example.com" };
    for (let i = 0; i < 5; i++) await admit(t.db, [perEmail], { now });
    expect((await admit(t.db, [other], { now })).allowed).toBe(true);
    await clearAttempts(t.db, perEmail);
    expect(await count(perEmail)).toBeUndefined();
    expect(await count(other)).toBe(1);
    expect((await admit(t.db, [perEmail], { now })).allowed).toBe(true);
  });
});
