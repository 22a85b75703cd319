import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionRow } from "~/.server/accounts/auth.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";

/**
 * The one query every page a signed-in reader opens runs (decision 028). The tables are made
 * as better-auth makes them (its token unique, not the key); our migrations make `members`.
 */
describe.each(dialects)("the session lookup on $name", (dialect) => {
  let t: TestDatabase;
  const later = new Date(Date.now() + 86_400_000).toISOString();

  beforeEach(async () => {
    t = await dialect.open();
    await sql`create table "user" (id varchar(255) primary key, email varchar(320) not null, "twoFactorEnabled" boolean)`.execute(
      t.db,
    );
    await sql`create table "session" (id varchar(255) primary key, token varchar(255) not null unique, "userId" varchar(255) not null references "user" (id), "expiresAt" text not null)`.execute(
      t.db,
    );
    for (const id of ["reader", "owner"]) {
      await sql`insert into "user" (id, email, "twoFactorEnabled") values (${id}, ${`${id}@example.com`}, ${dialect.name === "sqlite" ? Number(id === "owner") : id === "owner"})`.execute(
        t.db,
      );
      await sql`insert into "session" (id, token, "userId", "expiresAt") values (${`s-${id}`}, ${`token-${id}`}, ${id}, ${later})`.execute(
        t.db,
      );
    }
    await t.db.insertInto("members").values({ userId: "owner", role: "owner" }).execute();
  });
  afterEach(() => t.close());

  it("finds the user of a token, with the role and two-step setting; nothing for any other token", async () => {
    expect(await sessionRow(t.db, "token-reader")).toMatchObject({
      id: "reader",
      email: "reader@example.com",
      role: null,
    });
    const owner = await sessionRow(t.db, "token-owner");
    expect(owner).toMatchObject({ id: "owner", role: "owner", suspendedAt: null });
    expect(Boolean(owner?.twoFactorEnabled)).toBe(true);
    expect(await sessionRow(t.db, "token-nobody")).toBeUndefined();
    expect(await sessionRow(t.db, "' or '1'='1")).toBeUndefined();
  });

  it.runIf(dialect.name === "sqlite")("is prepared once, not again for each token", async () => {
    await sessionRow(t.db, "token-reader");
    // better-sqlite3 compiles a row's shape (with Function) whenever SQLite has prepared the
    // statement again: a join compared with a bare parameter is, on every run.
    let compiled = 0;
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      apply(target, self, args) {
        compiled++;
        return Reflect.apply(target, self, args);
      },
    });
    try {
      for (const token of ["token-owner", "token-reader", "token-nobody", "token-owner"])
        await sessionRow(t.db, token);
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toBe(0);
  });
});
