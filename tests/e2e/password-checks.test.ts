import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/database.ts";
import { password } from "../support/author.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

const appDir = path.resolve(import.meta.dirname, "..", "..", "app");

/**
 * Every form that takes a password, by the file that draws its field and the pages it is on.
 * "checks": the form checks a password someone already has (autocomplete="current-password"),
 * so it must count every guess (password-check.ts); "sets": it only chooses a new one.
 */
const passwordForms: Record<string, { page: string; takes: "checks" | "sets" }[]> = {
  "components/CredentialsForm.tsx": [
    { page: "/login", takes: "checks" },
    { page: "/register", takes: "sets" },
  ],
  "components/AccountForms.tsx": [{ page: "/account", takes: "checks" }],
  "components/TwoStepForms.tsx": [{ page: "/account/two-step", takes: "checks" }],
  "routes/account-delete.tsx": [{ page: "/account/delete", takes: "checks" }],
  "routes/account-email.tsx": [{ page: "/account/email", takes: "checks" }],
  "routes/reset-password.tsx": [{ page: "/reset-password/:token", takes: "sets" }],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every page of the route table without a parameter, as a browser asks for it. */
function plainPages(): string[] {
  const table = readFileSync(path.join(appDir, "routes.ts"), "utf8");
  const paths = [...table.matchAll(/route\("([^"]+)"/g)].map(([, page]) => `/${page}`);
  return ["/", ...paths.filter((page) => !/[:*]/.test(page))];
}

/** The password fields a page shows, by what they ask for. */
function passwordFields(html: string): ("checks" | "sets")[] {
  return [...html.matchAll(/<input[^>]*type="password"[^>]*>/g)].map(([input]) =>
    input.includes('autoComplete="current-password"') || input.includes('autocomplete="current-password"')
      ? "checks"
      : "sets",
  );
}

describe("the forms that take a password", () => {
  it("are the ones listed here, found in the source: a new one must be listed, and counted if it checks", () => {
    const found = sourceFiles(appDir)
      .filter((file) => /type="password"/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(appDir, file).split(path.sep).join("/"))
      .sort();
    expect(found).toEqual(Object.keys(passwordForms).sort());
  });
});

describe.each(serverDialects)(
  "every password check is a counted guess on $name",
  (dialect: ServerDialect) => {
    let server: RunningServer;
    let env: Record<string, string>;
    let dispose: () => Promise<void>;
    let db: Db;
    let counter = 0;
    /** Each test comes from addresses of its own (the server trusts one proxy's X-Forwarded-For). */
    const freshAddress = () => `198.51.100.${++counter}`;
    const from = (address: string) => ({ "x-forwarded-for": address });

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
    async function account(name: string): Promise<{ email: string; visitor: Visitor; address: string }> {
      const email = `${name}${++counter}.guesses.${dialect.name}@example.com`;
      const address = freshAddress();
      const visitor = new Visitor(server.url);
      expect((await visitor.post("/register", { email, password }, from(address))).status).toBe(303);
      expect((await visitor.post("/login", { email, password }, from(address))).status).toBe(303);
      return { email, visitor, address };
    }

    /** How each checking form sends a guess; what it must not have done when the guess was refused. */
    const guessAt: Record<string, (email: string, guess: string) => Record<string, string>> = {
      "/login": (email, guess) => ({ email, password: guess }),
      "/account": (_, guess) => ({
        intent: "password",
        currentPassword: guess,
        password: "fig-tree-court-1",
      }),
      "/account/delete": (_, guess) => ({ password: guess }),
      "/account/email": (email, guess) => ({ email: `moved.${email}`, password: guess }),
      "/account/two-step": (_, guess) => ({ intent: "enable", password: guess }),
    };

    it("finds the password fields on every page, signed in or not, where the list says", async () => {
      const owner = await account("owner");
      await makeOwner(db, owner.email);
      const withField = { checks: new Set<string>(), any: new Set<string>() };
      for (const page of plainPages()) {
        for (const visitor of [new Visitor(server.url), owner.visitor]) {
          const response = await visitor.get(page, from(owner.address));
          if (response.status !== 200) continue;
          const fields = passwordFields(await response.text());
          if (fields.length > 0) withField.any.add(page);
          if (fields.includes("checks")) withField.checks.add(page);
        }
      }
      const listed = Object.values(passwordForms)
        .flat()
        .filter(({ page }) => plainPages().includes(page));
      expect([...withField.any].sort()).toEqual(listed.map(({ page }) => page).sort());
      expect([...withField.checks].sort()).toEqual(
        listed
          .filter(({ takes }) => takes === "checks")
          .map(({ page }) => page)
          .sort(),
      );
      const checking = Object.values(passwordForms)
        .flat()
        .filter(({ takes }) => takes === "checks")
        .map(({ page }) => page);
      expect(Object.keys(guessAt).sort()).toEqual(checking.sort());
    });

    it.each(Object.keys(guessAt))(
      "lets 5 of 12 wrong passwords sent at once reach the check at %s, then refuses the right one",
      async (page) => {
        const { email, visitor, address } = await account("target");
        const guesser = page === "/login" ? new Visitor(server.url) : visitor;
        const csrf = await guesser.formToken(page);
        const guess = guessAt[page] as (typeof guessAt)[string];
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            guesser.post(page, { ...guess(email, `wrong-guess-${i}`), csrf }, from(address)),
          ),
        );
        const tally: Record<number, number> = {};
        for (const { status } of answers) tally[status] = (tally[status] ?? 0) + 1;
        expect(tally).toEqual({ [page === "/login" ? 401 : 400]: 5, 429: 7 });
        const refusal = visibleText(await (answers.find(({ status }) => status === 429) as Response).text());
        expect(refusal).toMatch(/Too many attempts, try again in \d+ seconds/);

        // Counted before the hash: the right password is refused too, and nothing changes.
        const right = await guesser.post(page, { ...guess(email, password), csrf }, from(address));
        expect(right.status).toBe(429);
        // The account's count is the log-in's: from anywhere else, signing in waits as well.
        const elsewhere = await new Visitor(server.url).post(
          "/login",
          { email, password },
          from(freshAddress()),
        );
        expect(elsewhere.status).toBe(429);
        const user = await db
          .selectFrom("user" as never)
          .select("email" as never)
          .where("email" as never, "=", email as never)
          .executeTakeFirst();
        expect(user).toEqual({ email });
        const messages = await db
          .selectFrom("outbox")
          .select("id")
          .where("toAddress", "like", `%${email}`)
          .execute();
        expect(messages).toEqual([]);
      },
    );

    it("adds up the guesses made at different forms for one account", async () => {
      const { email, visitor, address } = await account("spread");
      for (let i = 0; i < 3; i++)
        expect(
          (await visitor.post("/account/delete", { password: `wrong-${i}` }, from(address))).status,
        ).toBe(400);
      for (let i = 0; i < 2; i++)
        expect(
          (
            await visitor.post(
              "/account/email",
              { email: `x${i}.${email}`, password: "nope-nope" },
              from(address),
            )
          ).status,
        ).toBe(400);
      const login = await new Visitor(server.url).post("/login", { email, password }, from(freshAddress()));
      expect(login.status).toBe(429);
    });

    it("lets 20 wrong passwords a minute from one address reach the checks, over several accounts", async () => {
      const accounts = await Promise.all(Array.from({ length: 5 }, (_, i) => account(`crowd${i}`)));
      const guesser = freshAddress();
      const answers = await Promise.all(
        accounts.flatMap(({ visitor }) =>
          Array.from({ length: 5 }, async (_, i) => {
            const csrf = await visitor.formToken("/account/delete");
            return visitor.post("/account/delete", { password: `wrong-${i}`, csrf }, from(guesser));
          }),
        ),
      );
      const tally: Record<number, number> = {};
      for (const { status } of answers) tally[status] = (tally[status] ?? 0) + 1;
      expect(tally).toEqual({ 400: 20, 429: 5 });
    });
  },
);
