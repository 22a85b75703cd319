import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  decideProfile,
  memberMessages,
  memberOf,
  saveProfile,
  setRole,
  setRoleByEmail,
  setSuspended,
} from "~/.server/accounts/members.ts";
import { countPosts, createPost, getPost, isPublic, listPosts, setHidden } from "~/.server/posts/posts.ts";
import { changeSettings } from "~/.server/site/settings.ts";
import { cover, dialects, storeCover, type TestDatabase } from "../support/databases.ts";

const input = { title: "Lunch on Queen Street", content: "Sandwiches.", coverImageId: cover.id };

describe.each(dialects)("owners, suspension and visibility on $name", (dialect) => {
  let t: TestDatabase;
  const owners = () =>
    t.db
      .selectFrom("members")
      .select("userId")
      .where("role", "=", "owner")
      .where("suspendedAt", "is", null)
      .execute();

  beforeEach(async () => {
    t = await dialect.open();
    await storeCover(t.db, cover);
    // better-auth makes its own tables at start; these suites run our migrations only, so the
    // columns the rules read are made here.
    await sql`create table "user" (id varchar(255) primary key, email varchar(320) not null, name text, "createdAt" bigint)`.execute(
      t.db,
    );
    await sql`create table "session" (token varchar(255) primary key, "userId" varchar(255) not null, "expiresAt" bigint)`.execute(
      t.db,
    );
    await sql`create table "account" ("userId" varchar(255) not null)`.execute(t.db);
    for (const id of ["a", "b", "c"])
      await sql`insert into "user" (id, email, name, "createdAt") values (${id}, ${`${id}@example.com`}, ${id}, 0)`.execute(
        t.db,
      );
  });
  afterEach(async () => {
    await t.close();
  });

  it("keeps one owner when every owner demotes another at the same moment", async () => {
    for (const id of ["a", "b", "c"]) await setRoleByEmail(t.db, `${id}@example.com`, "owner");
    const results = await Promise.all(
      [
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
      ].map(([actor, target]) =>
        setRole(t.db, { id: actor as string, email: `${actor}@example.com` }, target as string, "author"),
      ),
    );
    expect((await owners()).length).toBeGreaterThanOrEqual(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.message)).toContain(
      memberMessages.lastOwner,
    );
  });

  it("refuses to suspend or demote the last owner, and owners themselves", async () => {
    await setRoleByEmail(t.db, "a@example.com", "owner");
    const actor = { id: "b", email: "b@example.com" };
    expect(await setSuspended(t.db, actor, "a", true)).toEqual({
      ok: false,
      status: 409,
      message: memberMessages.lastOwner,
    });
    expect(await setRole(t.db, actor, "a", "author")).toEqual({
      ok: false,
      status: 409,
      message: memberMessages.lastOwner,
    });
    expect(await setRoleByEmail(t.db, "a@example.com", "author")).toMatchObject({ ok: false });
    const self = { id: "a", email: "a@example.com" };
    expect(await setSuspended(t.db, self, "a", true)).toMatchObject({ message: memberMessages.notYourself });
    expect(await setRole(t.db, self, "nobody", "owner")).toMatchObject({ status: 404 });
    expect(await owners()).toEqual([{ userId: "a" }]);
  });

  it("hides a suspended author's posts from every public listing until they are restored", async () => {
    await setRoleByEmail(t.db, "a@example.com", "owner");
    const slug = await createPost(t.db, input, "b");
    await sql`insert into "session" (token, "userId", "expiresAt") values ('t1', 'b', 0), ('t2', 'b', 0)`.execute(
      t.db,
    );
    await setSuspended(t.db, { id: "a", email: "a@example.com" }, "b", true);
    expect(await countPosts(t.db)).toBe(0);
    expect(await listPosts(t.db, 1)).toEqual([]);
    expect(isPublic((await getPost(t.db, slug)) as NonNullable<Awaited<ReturnType<typeof getPost>>>)).toBe(
      false,
    );
    const { rows } = await sql`select token from "session"`.execute(t.db);
    expect(rows).toEqual([]);
    await setSuspended(t.db, { id: "a", email: "a@example.com" }, "b", false);
    expect(await countPosts(t.db)).toBe(1);
  });

  it("keeps hidden posts and posts awaiting review out of public listings", async () => {
    const hidden = await createPost(t.db, input, "b");
    await createPost(t.db, { ...input, title: "Waiting", status: "review" }, "b");
    await setHidden(t.db, hidden, true);
    expect(await countPosts(t.db)).toBe(0);
    await setHidden(t.db, hidden, false);
    expect((await listPosts(t.db, 1)).map((post) => post.slug)).toEqual([hidden]);
  });

  it("gives a handle to one of two users claiming it at once", async () => {
    const profile = { displayName: "Mary", handle: "mary", bio: null };
    const results = await Promise.all([saveProfile(t.db, "b", profile), saveProfile(t.db, "c", profile)]);
    expect(results.map((result) => (result.ok ? "saved" : result.reason)).sort()).toEqual([
      "handle taken",
      "saved",
    ]);
  });

  it("renews cached pages only when a profile save changes something", async () => {
    const version = async () =>
      (await t.db.selectFrom("contentVersion").select("version").executeTakeFirstOrThrow()).version;
    const profile = { displayName: "Mary", handle: "mary", bio: "Writes about lunch." };
    const before = await version();
    expect(await saveProfile(t.db, "b", profile)).toEqual({ ok: true });
    const changed = await version();
    expect(changed).toBeGreaterThan(before);
    expect(await saveProfile(t.db, "b", profile)).toEqual({ ok: true });
    expect(await version()).toBe(changed);
    expect(await saveProfile(t.db, "b", { ...profile, bio: null })).toEqual({ ok: true });
    expect(await version()).toBeGreaterThan(changed);
    expect(
      (await t.db.selectFrom("members").select("bio").where("userId", "=", "b").executeTakeFirstOrThrow())
        .bio,
    ).toBeNull();
  });

  describe("in review mode (SPEC §6)", () => {
    const owner = { id: "a", email: "a@example.com" };
    const publicProfile = async (userId: string) =>
      t.db
        .selectFrom("members")
        .select(["displayName", "handle", "bio"])
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow();
    const version = async () =>
      (await t.db.selectFrom("contentVersion").select("version").executeTakeFirstOrThrow()).version;
    const impostor = {
      displayName: "Building Management",
      handle: "management",
      bio: "Pay rent to BSB 000-000.",
    };

    beforeEach(async () => {
      await setRoleByEmail(t.db, owner.email, "owner");
      await changeSettings(t.db, owner, {
        registration: "open",
        publishing: "review",
        ownersTwoStep: "optional",
        subscriptionMail: "each",
      });
    });

    it("keeps an author's profile aside until an owner approves it, and renews pages only then", async () => {
      await saveProfile(t.db, "b", { displayName: "Mary", handle: "mary", bio: null });
      const before = await version();
      expect(await saveProfile(t.db, "b", impostor)).toEqual({ ok: true, waiting: true });
      expect(await publicProfile("b")).toEqual({ displayName: null, handle: null, bio: null });
      expect((await memberOf(t.db, "b")).pending).toEqual(impostor);
      expect(await version()).toBe(before);
      expect(await decideProfile(t.db, owner, "b", true)).toEqual({ ok: true });
      expect(await publicProfile("b")).toEqual(impostor);
      expect((await memberOf(t.db, "b")).pending).toBeNull();
      expect(await version()).toBeGreaterThan(before);
      expect(await decideProfile(t.db, owner, "b", true)).toEqual({
        ok: false,
        status: 409,
        message: memberMessages.noProfileWaiting,
      });
      const logged = await t.db.selectFrom("activity").select(["action", "target"]).execute();
      expect(logged).toContainEqual({ action: "approved profile", target: "b@example.com" });
    });

    it("lets one of two owners deciding at once decide, and logs it once", async () => {
      await setRoleByEmail(t.db, "c@example.com", "owner");
      expect(await saveProfile(t.db, "b", impostor)).toEqual({ ok: true, waiting: true });
      const results = await Promise.all([
        decideProfile(t.db, owner, "b", true),
        decideProfile(t.db, { id: "c", email: "c@example.com" }, "b", false),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const logged = await t.db
        .selectFrom("activity")
        .select("action")
        .where("action", "in", ["approved profile", "rejected profile"])
        .execute();
      expect(logged).toHaveLength(1);
    });

    it("drops a rejected profile, and a save of the public one withdraws the change", async () => {
      expect(await saveProfile(t.db, "b", impostor)).toEqual({ ok: true, waiting: true });
      expect(await decideProfile(t.db, owner, "b", false)).toEqual({ ok: true });
      expect(await publicProfile("b")).toEqual({ displayName: null, handle: null, bio: null });
      expect((await memberOf(t.db, "b")).pending).toBeNull();
      expect(await saveProfile(t.db, "b", impostor)).toEqual({ ok: true, waiting: true });
      expect(await saveProfile(t.db, "b", { displayName: null, handle: null, bio: null })).toEqual({
        ok: true,
      });
      expect((await memberOf(t.db, "b")).pending).toBeNull();
    });

    it("refuses a handle someone has, and an approval of one taken while it waited", async () => {
      await changeSettings(t.db, owner, {
        registration: "open",
        publishing: "immediate",
        ownersTwoStep: "optional",
        subscriptionMail: "each",
      });
      await saveProfile(t.db, "c", { displayName: "Cleo", handle: "cleo", bio: null });
      await changeSettings(t.db, owner, {
        registration: "open",
        publishing: "review",
        ownersTwoStep: "optional",
        subscriptionMail: "each",
      });
      expect(await saveProfile(t.db, "b", { ...impostor, handle: "cleo" })).toEqual({
        ok: false,
        reason: "handle taken",
      });
      expect(await saveProfile(t.db, "b", { ...impostor, handle: "dora" })).toEqual({
        ok: true,
        waiting: true,
      });
      await saveProfile(t.db, "a", { displayName: "Owner", handle: "dora", bio: null });
      expect(await decideProfile(t.db, owner, "b", true)).toEqual({
        ok: false,
        status: 409,
        message: memberMessages.handleTaken,
      });
      expect((await memberOf(t.db, "b")).pending).toEqual({ ...impostor, handle: "dora" });
    });

    it("saves an owner's own profile at once", async () => {
      expect(await saveProfile(t.db, "a", { displayName: "Owner", handle: "owner", bio: null })).toEqual({
        ok: true,
      });
      expect(await publicProfile("a")).toEqual({ displayName: "Owner", handle: "owner", bio: null });
    });
  });

  it("counts profile saves: 20 of a burst of 30 from one user go through", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        saveProfile(t.db, "b", { displayName: `Mary ${i}`, handle: null, bio: null }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(results.find((result) => !result.ok)).toMatchObject({
      reason: "throttled",
      message: expect.stringMatching(/^Too many attempts, try again in \d+ seconds$/),
    });
  });
});
