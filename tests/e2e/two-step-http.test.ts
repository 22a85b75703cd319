import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { password } from "../support/author.ts";
import { makeOwner, ownerCommand } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { listedRecoveryCodes, turnOnTwoStep, unusedCode, VisitorFrom } from "../support/two-step.ts";
import { visibleText } from "../support/visitor.ts";

/** How many answers had each status, e.g. { 401: 5, 429: 25 }. */
function tally(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const text = async (response: Response) => visibleText(await response.text());

/**
 * Two-step sign-in over plain HTTP forms, as a browser without JavaScript sends them (SPEC §10):
 * setup, the second step of log in, replays, recovery codes, limits, turning it off, the
 * owners' setting and `npm run owner -- two-step-off`. Limits are on; each test comes from its
 * own address so one test's counted guesses never refuse another's.
 */
describe.each(serverDialects)("two-step sign-in over HTTP on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let db: Db;
  let counter = 0;
  let addresses = 0;
  const email = (name: string) => `${name}${++counter}.${dialect.name}@example.com`;
  const from = () => new VisitorFrom(server.url, `10.0.${Math.floor(++addresses / 200)}.${addresses % 200}`);

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    server = await startServer({ ...env, TRUST_PROXY: "1" });
    db = serverDatabase(server, env);
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await dispose?.();
  });

  /** A new account, signed in from its own address. */
  async function newUser(name = "user") {
    const address = email(name);
    const visitor = from();
    expect((await visitor.register(address, password)).status).toBe(303);
    expect((await visitor.logIn(address, password)).status).toBe(303);
    return { address, visitor };
  }

  /** A new account with two-step sign-in on, signed in. */
  async function userWithTwoStep(name = "two-step") {
    const user = await newUser(name);
    return { ...user, ...(await turnOnTwoStep(user.visitor, password)) };
  }

  /** The first step of log in, from a new browser: the second step's page is next. */
  async function passwordStep(address: string, redirectTo?: string) {
    const visitor = from();
    const response = await visitor.post("/login", {
      email: address,
      password,
      ...(redirectTo ? { redirectTo } : {}),
    });
    expect(response.status).toBe(303);
    return { visitor, location: response.headers.get("location") };
  }

  const hasSession = (visitor: VisitorFrom) =>
    [...visitor.cookies.keys()].some((name) => name.includes("session_token"));

  async function userRow(address: string) {
    const { rows } = await sql<{
      id: string;
      twoFactorEnabled: unknown;
    }>`select id, "twoFactorEnabled" from "user" where email = ${address}`.execute(db);
    return rows[0] as { id: string; twoFactorEnabled: unknown };
  }

  it("turns on with the password, a QR code, the key as text and a code; ten recovery codes are shown once and stored hashed", async () => {
    const { address, visitor } = await newUser();
    const wrong = await visitor.post("/account/two-step", { intent: "enable", password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(await text(wrong)).toContain("Password is incorrect");
    expect(await text(await visitor.get("/account"))).toContain("Off: your password alone signs you in.");

    const begun = await visitor.post("/account/two-step", { intent: "enable", password });
    expect(begun.status).toBe(200);
    const setup = await begun.text();
    expect(setup).toMatch(/<svg[^>]*role="img"[^>]*aria-label="QR code for your authenticator app"/);
    const secret = setup.match(/data-testid="two-step-secret"[^>]*>([A-Z2-7]+)</)?.[1] ?? "";
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const codes = listedRecoveryCodes(setup);
    expect(codes).toHaveLength(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(visibleText(setup)).toContain("They are shown only now");
    expect(Boolean(Number((await userRow(address)).twoFactorEnabled))).toBe(false);

    // Until a code confirms it, the page shows the same key again, but never the recovery codes.
    const again = await (await visitor.get("/account/two-step")).text();
    expect(again).toContain(secret);
    expect(listedRecoveryCodes(again)).toEqual([]);
    for (const recovery of codes) expect(again).not.toContain(recovery);

    const refused = await visitor.post("/account/two-step", { intent: "confirm", code: "12345" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Enter the 6 digits your app shows");
    const used = new Set<string>();
    const code = await unusedCode(secret, used);
    const wrongCode = await visitor.post("/account/two-step", {
      intent: "confirm",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrongCode.status).toBe(400);
    const wrongPage = await text(wrongCode);
    expect(wrongPage).toContain("That code is not right.");
    expect(wrongPage).toContain(secret);

    const confirmed = await visitor.post("/account/two-step", { intent: "confirm", code });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/account/two-step");

    const row = await userRow(address);
    expect(Boolean(Number(row.twoFactorEnabled))).toBe(true);
    const { rows } = await sql<{ backupCodes: string; secret: string }>`
      select "backupCodes", secret from "twoFactor" where "userId" = ${row.id}`.execute(db);
    const stored = rows[0]?.backupCodes ?? "";
    expect(JSON.parse(stored)).toHaveLength(10);
    for (const recovery of codes) {
      expect(stored).not.toContain(recovery);
      expect(stored).not.toContain(recovery.replace("-", ""));
    }
    expect(rows[0]?.secret).not.toContain(secret);

    // The session was replaced, and this browser holds the new one; the codes are not shown again.
    const after = await text(await visitor.get("/account/two-step"));
    expect(after).toContain("You have 10 recovery codes left.");
    for (const recovery of codes) expect(after).not.toContain(recovery);
    expect(await text(await visitor.get("/account"))).toContain("On: logging in asks for a code");
  });

  it("asks for a code after the password: no session until it is right, then on to the page asked for", async () => {
    const { address, secret, used } = await userWithTwoStep();
    const { visitor, location } = await passwordStep(address, "/dashboard");
    expect(location).toBe("/login/two-step?redirectTo=%2Fdashboard");
    expect(hasSession(visitor)).toBe(false);
    expect((await visitor.get("/dashboard")).headers.get("location")).toBe("/login?redirectTo=%2Fdashboard");

    const page = await visitor.get("/login/two-step?redirectTo=%2Fdashboard");
    expect(page.status).toBe(200);
    expect(await text(page)).toContain("Enter the 6-digit code your authenticator app shows");

    const code = await unusedCode(secret, used);
    const wrong = await visitor.post("/login/two-step", {
      code: code === "000000" ? "111111" : "000000",
      redirectTo: "/dashboard",
    });
    expect(wrong.status).toBe(401);
    expect(await text(wrong)).toContain("That code is not right.");
    expect(hasSession(visitor)).toBe(false);

    const right = await visitor.post("/login/two-step", { code, redirectTo: "/dashboard" });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/dashboard");
    expect(hasSession(visitor)).toBe(true);
    expect((await visitor.get("/dashboard")).status).toBe(200);

    // Without a sign-in waiting for its code, the second step sends the visitor to log in.
    const stranger = from();
    expect(await text(await stranger.get("/login/two-step"))).toContain(
      "Your sign-in has expired: log in again.",
    );
    const orphan = await stranger.post("/login/two-step", { code, csrf: await stranger.formToken("/login") });
    expect(orphan.status).toBe(401);
    expect(await text(orphan)).toContain("Your sign-in has expired: log in again.");
  });

  it("takes a code once: a replay is refused, and of two sign-ins racing with one code only one gets in", async () => {
    const { address, secret, used } = await userWithTwoStep();
    const code = await unusedCode(secret, used);
    const first = await passwordStep(address);
    expect((await first.visitor.post("/login/two-step", { code })).status).toBe(303);
    const second = await passwordStep(address);
    const replay = await second.visitor.post("/login/two-step", { code });
    expect(replay.status).toBe(401);
    expect(await text(replay)).toContain("This code has been used already");
    expect(hasSession(second.visitor)).toBe(false);

    const racers = await Promise.all([passwordStep(address), passwordStep(address), passwordStep(address)]);
    const raced = await unusedCode(secret, used);
    const answers = await Promise.all(
      racers.map(({ visitor }) => visitor.post("/login/two-step", { code: raced })),
    );
    expect(tally(answers)).toEqual({ 303: 1, 401: 2 });
  }, 120_000);

  it("takes each recovery code once, typed in any case, with or without its hyphen", async () => {
    const { address, recoveryCodes, visitor: owner } = await userWithTwoStep();
    const [first = "", second = ""] = recoveryCodes;
    const one = await passwordStep(address);
    const accepted = await one.visitor.post("/login/two-step", {
      code: first.toUpperCase().replace("-", " "),
    });
    expect(accepted.status).toBe(303);
    expect(hasSession(one.visitor)).toBe(true);
    const again = await passwordStep(address);
    const reused = await again.visitor.post("/login/two-step", { code: first });
    expect(reused.status).toBe(401);
    expect(await text(reused)).toContain("That code is not right.");
    expect((await again.visitor.post("/login/two-step", { code: second })).status).toBe(303);
    expect(await text(await owner.get("/account/two-step"))).toContain("You have 8 recovery codes left.");

    // New codes need the password, replace the old ones, and are shown once.
    const wrong = await owner.post("/account/two-step", {
      intent: "recovery-codes",
      password: "not-my-password",
    });
    expect(wrong.status).toBe(400);
    const renewed = await owner.post("/account/two-step", { intent: "recovery-codes", password });
    const fresh = listedRecoveryCodes(await renewed.text());
    expect(fresh).toHaveLength(10);
    const old = await passwordStep(address);
    expect((await old.visitor.post("/login/two-step", { code: recoveryCodes[2] as string })).status).toBe(
      401,
    );
    expect((await old.visitor.post("/login/two-step", { code: fresh[0] as string })).status).toBe(303);
  });

  it("counts codes per account before checking them: of a burst of 30 wrong codes, 5 are checked", async () => {
    const { address, secret, used } = await userWithTwoStep();
    const { visitor } = await passwordStep(address);
    const token = await visitor.formToken("/login/two-step");
    const right = await unusedCode(secret, used);
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0");
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => visitor.post("/login/two-step", { code: wrong(i), csrf: token })),
    );
    const counts = tally(burst);
    expect(counts[429]).toBe(25);
    expect(counts[303]).toBeUndefined();
    const throttled = burst.find(({ status }) => status === 429) as Response;
    expect(await text(throttled)).toMatch(/Too many attempts, try again in \d+ seconds/);
    // Counted before the check: even the right code waits, from any address.
    const elsewhere = await passwordStep(address);
    const waits = await elsewhere.visitor.post("/login/two-step", { code: right });
    expect(waits.status).toBe(429);
    expect(hasSession(elsewhere.visitor)).toBe(false);
  });

  it("counts codes per address too: 20 a minute from one address, across accounts", async () => {
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await userWithTwoStep("per-address"));
    const address = `10.9.${dialect.name === "sqlite" ? 1 : 2}.1`;
    const challenges = [];
    for (const user of users) {
      const visitor = new VisitorFrom(server.url, address);
      expect((await visitor.post("/login", { email: user.address, password })).status).toBe(303);
      challenges.push({ visitor, token: await visitor.formToken("/login/two-step") });
    }
    // Four wrong codes for each of the five accounts: each account stays under its 5.
    const answers = await Promise.all(
      challenges.flatMap(({ visitor, token }) =>
        ["000001", "000002", "000003", "000004"].map((code) =>
          visitor.post("/login/two-step", { code, csrf: token }),
        ),
      ),
    );
    expect(answers.every(({ status }) => status === 401)).toBe(true);
    const over = await challenges[0]?.visitor.post("/login/two-step", { code: "000005" });
    expect(over?.status).toBe(429);
  });

  it("turns off only with the password; log in is one step again", async () => {
    const { address, visitor } = await userWithTwoStep();
    const wrong = await visitor.post("/account/two-step", { intent: "disable", password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(await text(wrong)).toContain("Password is incorrect");
    expect(Boolean(Number((await userRow(address)).twoFactorEnabled))).toBe(true);
    const off = await visitor.post("/account/two-step", { intent: "disable", password });
    expect(off.status).toBe(303);
    expect(off.headers.get("location")).toBe("/account");
    expect(await text(await visitor.get("/account"))).toContain("Off: your password alone signs you in.");
    const { location } = await passwordStep(address);
    expect(location).toBe("/");
  });

  it("shows owners who has it, and lets them require it of owners once they have it themselves", async () => {
    const owner = await newUser("owner");
    await makeOwner(db, owner.address);
    const other = await newUser("other-owner");
    await makeOwner(db, other.address);
    const withIt = await userWithTwoStep("listed");

    const users = await (await owner.visitor.get("/manage/users")).text();
    expect(users).toContain("Two-step sign-in");
    const rowOf = (address: string) =>
      users.slice(users.indexOf(address)).match(/data-testid="user-two-step"[^>]*>([^<]+)</)?.[1];
    expect(rowOf(withIt.address)).toBe("On");
    expect(rowOf(other.address)).toBe("Off");

    const settings = { registration: "open", publishing: "immediate", ownersTwoStep: "required" };
    const refused = await owner.visitor.post("/manage/settings", settings);
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain("Turn on two-step sign-in for your own account first");

    await turnOnTwoStep(owner.visitor, password);
    const saved = await owner.visitor.post("/manage/settings", settings);
    expect(saved.status).toBe(200);
    expect(await text(await owner.visitor.get("/manage/activity"))).toContain("two-step for owners required");

    // The other owner, without it, is sent to set it up before any manage page.
    for (const path of ["/manage", "/manage/users", "/manage/enquiries.csv"]) {
      const sent = await other.visitor.get(path);
      expect(sent.status, path).toBe(302);
      expect(sent.headers.get("location")).toBe("/account/two-step?for=manage");
    }
    expect(await text(await other.visitor.get("/account/two-step?for=manage"))).toContain(
      "The site requires owners to use two-step sign-in.",
    );
    const { secret } = await turnOnTwoStep(other.visitor, password);
    expect(secret).not.toBe("");
    expect((await other.visitor.get("/manage/users")).status).toBe(200);
    // Authors are not asked.
    expect((await withIt.visitor.get("/dashboard")).status).toBe(200);
    expect(
      (await owner.visitor.post("/manage/settings", { ...settings, ownersTwoStep: "optional" })).status,
    ).toBe(200);
  });

  it("npm run owner -- two-step-off lets a locked-out user in with their password, in the activity log", async () => {
    const { address } = await userWithTwoStep("locked-out");
    const dataEnv = { DATA_DIR: server.dataDir, ...env };
    const run = await ownerCommand(dataEnv, "two-step-off", address);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Two-step sign-in is off for ${address}`);
    expect(Boolean(Number((await userRow(address)).twoFactorEnabled))).toBe(false);
    expect((await passwordStep(address)).location).toBe("/");
    const again = await ownerCommand(dataEnv, "two-step-off", address);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`owner: ${address} does not have two-step sign-in on.`);
    const { rows } = await sql<{ actorEmail: string; action: string; target: string }>`
      select "actorEmail", action, target from activity where action = 'two-step off'`.execute(db);
    expect(rows).toContainEqual({ actorEmail: "npm run owner", action: "two-step off", target: address });
  });
});
