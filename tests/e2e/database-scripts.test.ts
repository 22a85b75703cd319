import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runScript } from "../support/scripts.ts";
import { startServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor } from "../support/visitor.ts";

/** Runs `node scripts/<name>` with only the given settings (never a developer's .env). */
const run = (script: string, env: Record<string, string>) => runScript(script, env);

const ourMigrations = "001-posts, 002-rate-limits, 003-content-version, 004-upload-locks";

describe.each(serverDialects)("the database scripts on $name", (dialect: ServerDialect) => {
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    const prepared = await dialect.prepare();
    env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "wm-db-scripts-")), ...prepared.env };
    dispose = prepared.dispose;
  });
  afterEach(async () => {
    await dispose();
  });

  it("db:migrate brings a new database up to date, says what it did, and then that nothing was left", async () => {
    const first = await run("db-migrate.ts", env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Migrations applied: ${ourMigrations}`);
    expect(first.stdout).toMatch(/Account tables created or extended: user, session, account, verification/);

    const again = await run("db-migrate.ts", env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("Migrations: already up to date");
    expect(again.stdout).toContain("Account tables: already up to date");
  });

  it.runIf(dialect.name === "postgres")(
    "db:migrate run three times at once: one migrates, the others wait",
    async () => {
      const runs = await Promise.all([1, 2, 3].map(() => run("db-migrate.ts", env)));
      expect(runs.map((each) => [each.code, each.stderr])).toEqual([
        [0, ""],
        [0, ""],
        [0, ""],
      ]);
      expect(
        runs.filter((each) => each.stdout.includes(`Migrations applied: ${ourMigrations}`)),
      ).toHaveLength(1);
    },
  );

  it("db:seed fills an empty database with accounts that can sign in and the sample posts, then refuses to seed again", async () => {
    const seeded = await run("db-seed.ts", env);
    expect(seeded.code, seeded.stderr).toBe(0);
    const accounts = [...seeded.stdout.matchAll(/^ {2}(\S+@example\.com) +(\S+)/gm)].map(
      ([, email, password]) => ({
        email: email as string,
        password: password as string,
      }),
    );
    expect(accounts).toHaveLength(3);
    expect(seeded.stdout).toMatch(/@example\.com +\S+ +owner \(runs \/manage\), 10 sample posts$/m);
    expect(seeded.stdout.match(/ author$/gm)).toHaveLength(2);
    for (const { password } of accounts)
      expect(password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    expect(new Set(accounts.map(({ password }) => password)).size).toBe(3);

    const refused = await run("db-seed.ts", env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      "db:seed: the database already has 3 accounts and 10 posts; seeding fills only an empty one",
    );

    const server = await startServer(env);
    try {
      for (const { email, password } of accounts) {
        expect((await new Visitor(server.url).logIn(email, password)).status, email).toBe(303);
      }
      const home = await (await fetch(`${server.url}/home`)).text();
      expect(home.match(/Read More/g)).toHaveLength(10);
    } finally {
      await server.stop();
    }
  });
});
