import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { password, signedIn, signedUp } from "../support/author.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { LoopbackSmtp, linkIn } from "../support/smtp.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const newPassword = "wisteria-lane-1887";
const unusable = "This link has expired or has already been used.";

/**
 * Decision 029: a password change or reset, signing out everywhere, an address change, a
 * suspension and a deletion end every link the account has, whoever holds it. Each recipe
 * below took over an account on c04feeb.
 */
describe.each(serverDialects)("links end with the password on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let smtp: LoopbackSmtp;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let db: Db;
  let owner: Visitor;
  let counter = 0;
  const freshEmail = (name = "victim") => `${name}${++counter}.links.${dialect.name}@example.com`;

  beforeAll(async () => {
    smtp = await LoopbackSmtp.start();
    ({ env, dispose } = await dialect.prepare());
    server = await startServer({ ...env, RATE_LIMITS: "off", SMTP_URL: smtp.url });
    db = serverDatabase(server, env);
    const ownerEmail = freshEmail("owner");
    await new Visitor(server.url).register(ownerEmail, password);
    await makeOwner(db, ownerEmail);
    owner = await signedIn(server.url, ownerEmail);
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await smtp?.down();
    await dispose?.();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  /** The path of the link of this kind in the newest message to `address`. */
  async function linkTo(address: string, path: string): Promise<string> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const message = smtp.received.findLast(
        ({ envelopeTo, mail }) => envelopeTo.includes(address) && mail.text?.includes(path),
      );
      if (message) return new URL(linkIn(message, path)).pathname;
      if (Date.now() > deadline) throw new Error(`no ${path} link to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Follows a link as anyone who has it would: opens it, then presses its button. */
  async function follow(path: string, form: Record<string, string> = {}): Promise<Response> {
    const stranger = new Visitor(server.url);
    const opened = await stranger.get(path);
    const page = await opened.text();
    const csrf = page.match(/name="csrf" value="([^"]+)"/)?.[1];
    if (opened.status !== 200 || !csrf) return new Response(page, { status: opened.status });
    return stranger.post(path, { ...form, csrf });
  }

  const addressOf = async (userId: string) =>
    (await db
      .selectFrom("user" as never)
      .select("email" as never)
      .where("id" as never, "=", userId as never)
      .executeTakeFirst()) as { email: string } | undefined;
  const userIdOf = async (email: string) =>
    (
      (await db
        .selectFrom("user" as never)
        .select("id" as never)
        .where("email" as never, "=", email as never)
        .executeTakeFirstOrThrow()) as { id: string }
    ).id;

  /** The attacker, with the password (or a session), asks to move the account to their address. */
  async function attackerAsksForTheAddress(victim: Visitor, email: string) {
    const attackerEmail = freshEmail("attacker");
    expect((await victim.post("/account/email", { email: attackerEmail, password })).status).toBe(200);
    return {
      attackerEmail,
      confirm: await linkTo(attackerEmail, "/account/email/confirm/"),
      id: await userIdOf(email),
    };
  }

  const victimActs: [string, (victim: Visitor, email: string) => Promise<void>][] = [
    [
      "changes the password in /account",
      async (victim) => {
        const changed = await victim.post("/account", {
          intent: "password",
          currentPassword: password,
          password: newPassword,
        });
        expect(changed.status).toBe(303);
      },
    ],
    [
      "resets the password by e-mail",
      async (_victim, email) => {
        await new Visitor(server.url).post("/forgot-password", { email });
        const reset = await follow(await linkTo(email, "/reset-password/"), { password: newPassword });
        expect(reset.status).toBe(303);
      },
    ],
    [
      "signs out everywhere",
      async (victim) => {
        expect((await victim.post("/account", { intent: "sign-out-everywhere" })).status).toBe(303);
      },
    ],
  ];

  it.each(victimActs)("ends the attacker's address-change link when the victim %s", async (_, act) => {
    const email = freshEmail();
    const victim = await signedUp(server.url, email);
    const { confirm, id } = await attackerAsksForTheAddress(victim, email);
    await act(victim, email);
    const confirmed = await follow(confirm);
    expect(confirmed.status).toBe(410);
    expect(visibleText(await confirmed.text())).toContain(unusable);
    expect((await addressOf(id))?.email).toBe(email);
  });

  it("ends a reset link when the password is changed in /account", async () => {
    const email = freshEmail();
    const victim = await signedUp(server.url, email);
    await new Visitor(server.url).post("/forgot-password", { email });
    const reset = await linkTo(email, "/reset-password/");
    expect(
      (
        await victim.post("/account", {
          intent: "password",
          currentPassword: password,
          password: newPassword,
        })
      ).status,
    ).toBe(303);
    expect((await follow(reset, { password: "attackers-choice-1" })).status).toBe(410);
    expect((await new Visitor(server.url).logIn(email, newPassword)).status).toBe(303);
  });

  it("ends every link of every kind when the address changes", async () => {
    const email = freshEmail();
    const user = await signedUp(server.url, email);
    await new Visitor(server.url).post("/forgot-password", { email });
    const reset = await linkTo(email, "/reset-password/");
    const newEmail = freshEmail("moved");
    await user.post("/account/email", { email: newEmail, password });
    // A second change asked for before the first is confirmed: its link ends with the first change.
    const other = freshEmail("other");
    await user.post("/account/email", { email: other, password });
    const otherLink = await linkTo(other, "/account/email/confirm/");
    expect((await follow(await linkTo(newEmail, "/account/email/confirm/"))).status).toBe(303);
    expect((await follow(reset, { password: newPassword })).status).toBe(410);
    expect((await follow(otherLink)).status).toBe(410);
    expect((await addressOf(await userIdOf(newEmail)))?.email).toBe(newEmail);
  });

  it("ends a user's links when an owner suspends them, and restoring brings none back", async () => {
    const email = freshEmail();
    await signedUp(server.url, email);
    await new Visitor(server.url).post("/forgot-password", { email });
    const reset = await linkTo(email, "/reset-password/");
    const id = await userIdOf(email);
    expect((await owner.post("/manage/users", { intent: "suspend", userId: id })).status).toBe(200);
    expect((await new Visitor(server.url).get(reset)).status).toBe(410);
    expect((await owner.post("/manage/users", { intent: "restore", userId: id })).status).toBe(200);
    expect((await follow(reset, { password: newPassword })).status).toBe(410);
    expect((await new Visitor(server.url).logIn(email, password)).status).toBe(303);
  });

  it("ends a user's links when the account is deleted", async () => {
    const email = freshEmail();
    const user = await signedUp(server.url, email);
    await new Visitor(server.url).post("/forgot-password", { email });
    const reset = await linkTo(email, "/reset-password/");
    expect((await user.post("/account/delete", { password })).status).toBe(303);
    const left = await db.selectFrom("emailTokens").select("purpose").where("email", "=", email).execute();
    expect(left).toEqual([]);
    expect((await new Visitor(server.url).get(reset)).status).toBe(410);
  });

  it("lets the old address stop a change it did not ask for: the change ends, sessions end, a reset link comes", async () => {
    const email = freshEmail();
    const victim = await signedUp(server.url, email);
    const { attackerEmail, confirm } = await attackerAsksForTheAddress(victim, email);
    const stop = await linkTo(email, "/account/email/stop/");
    const notice = smtp.received.find(({ envelopeTo }) => envelopeTo.includes(email));
    expect(notice?.mail.text).toContain("If this wasn't you, stop it now");
    expect(notice?.mail.html).toContain("This wasn&#39;t me");

    // Opening it changes nothing (mail scanners open links); the button does.
    const page = await new Visitor(server.url).get(stop);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain("Stop it and sign out everywhere");
    expect((await victim.get("/account")).status).toBe(200);

    const stopped = await follow(stop);
    expect(stopped.status).toBe(303);
    expect((await victim.get("/account")).status).toBe(302);
    expect((await follow(confirm)).status).toBe(410);
    const reset = await linkTo(email, "/reset-password/");
    expect((await follow(reset, { password: newPassword })).status).toBe(303);
    expect((await new Visitor(server.url).logIn(email, newPassword)).status).toBe(303);
    expect((await new Visitor(server.url).logIn(attackerEmail, newPassword)).status).toBe(401);
    expect((await follow(stop)).status).toBe(410);
  });

  it("cannot stop a change once it is confirmed: the confirmation ended the stop link", async () => {
    const email = freshEmail();
    const user = await signedUp(server.url, email);
    const newEmail = freshEmail("moved");
    await user.post("/account/email", { email: newEmail, password });
    const stop = await linkTo(email, "/account/email/stop/");
    expect((await follow(await linkTo(newEmail, "/account/email/confirm/"))).status).toBe(303);
    expect((await follow(stop)).status).toBe(410);
    expect((await new Visitor(server.url).logIn(newEmail, password)).status).toBe(303);
  });
});
