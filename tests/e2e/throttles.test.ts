import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { password, publish, uploadCover } from "../support/author.ts";
import { chromiumPath, contextAs, launchBrowser } from "../support/browser.ts";
import { photoJpeg } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";

/**
 * The login, registration and posting limits against bursts: every request of a burst is sent
 * at once, after the slow parts a browser does first (loading the form), so they all race for
 * the same counter. A limit holds when exactly its number get through, however they interleave.
 */
const burst = 30;

/** How many answers had each status, e.g. { 401: 5, 429: 25 }. */
function tally(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Sends one log-in or register form per visitor, all at once, each with its own form token. */
async function sendAtOnce(
  server: RunningServer,
  path: "/login" | "/register" | "/forgot-password",
  forms: Record<string, string>[],
): Promise<Response[]> {
  const visitors = forms.map(() => new Visitor(server.url));
  const tokens = await Promise.all(visitors.map((visitor) => visitor.formToken(path)));
  return Promise.all(
    visitors.map((visitor, i) => visitor.post(path, { ...forms[i], csrf: tokens[i] as string })),
  );
}

const wrongPasswords = (email: (i: number) => string) =>
  Array.from({ length: burst }, (_, i) => ({ email: email(i), password: `wrong-guess-${i}` }));

describe.each(serverDialects)("throttles under a burst on $name", (dialect: ServerDialect) => {
  let server: RunningServer;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  const email = (name: string) => `${name}.${dialect.name}@example.com`;
  /** The accounts the registration burst made (whichever requests came first), used by later tests. */
  const accounts: string[] = [];

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await dispose?.();
  });

  it("lets 3 password-reset requests an hour through for one address, from a burst of 30", async () => {
    const target = email("reset-target");
    const responses = await sendAtOnce(
      server,
      "/forgot-password",
      Array.from({ length: burst }, () => ({ email: target })),
    );
    expect(tally(responses)).toEqual({ 200: 3, 429: burst - 3 });
    const refused = responses.find(({ status }) => status === 429);
    expect(visibleText(await (refused as Response).text())).toMatch(
      /Too many attempts, try again in \d+ seconds/,
    );
  });

  async function userCount(): Promise<number> {
    const db = serverDatabase(server, env);
    try {
      const { count } = await db
        .selectFrom("user" as never)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(count);
    } finally {
      await db.destroy();
    }
  }

  async function postCount(): Promise<number> {
    const db = serverDatabase(server, env);
    try {
      const { count } = await db
        .selectFrom("posts")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(count);
    } finally {
      await db.destroy();
    }
  }

  // Runs first: this address has made no registration yet, so 10 of the burst's 30 get through.
  it(`creates exactly 10 accounts from ${burst} registrations sent at once from one address`, async () => {
    const emails = Array.from({ length: burst }, (_, i) => email(`newcomer${i}`));
    const responses = await sendAtOnce(
      server,
      "/register",
      emails.map((address) => ({ email: address, password })),
    );
    accounts.push(...emails.filter((_, i) => responses[i]?.status === 303));
    const counts = tally(responses);
    console.log(`registrations on ${dialect.name}: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ 303: 10, 429: 20 });
    expect(await userCount()).toBe(10);
    const refused = responses.find((response) => response.status === 429) as Response;
    expect(visibleText(await refused.text())).toMatch(/Too many attempts, try again in \d+ seconds/);
  });

  it("answers 30 of 40 searches sent at once from one address, and says why it refuses the rest", async () => {
    const visitor = new Visitor(server.url);
    // An empty search reads no index and is not counted.
    expect((await visitor.get("/search?q=")).status).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => visitor.get(`/search?q=garden${i}`)),
    );
    expect(tally(responses)).toEqual({ 200: 30, 429: 10 });
    const refused = responses.find((response) => response.status === 429) as Response;
    expect(visibleText(await refused.text())).toMatch(
      /Too many searches from your network: 30 a minute at most\. Try again in \d+ seconds?\./,
    );
    expect((await visitor.get("/search")).status).toBe(200);
  });

  it(`lets 5 of ${burst} wrong passwords sent at once for one email reach the password check`, async () => {
    const target = accounts[0] as string;
    const responses = await sendAtOnce(
      server,
      "/login",
      wrongPasswords(() => target),
    );
    const counts = tally(responses);
    console.log(`wrong passwords for one email on ${dialect.name}: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ 401: 5, 429: 25 });
    const html = await (responses.find((response) => response.status === 429) as Response).text();
    expect(html).toMatch(/role="alert"[\s\S]*Too many attempts, try again in \d+ seconds/);

    // Until the minute is over, the right password is refused too, and other accounts are not.
    const blocked = await new Visitor(server.url).logIn(target, password);
    expect(blocked.status).toBe(429);
    expect(visibleText(await blocked.text())).toMatch(
      /Too many attempts, try again in ([1-9]|[1-5]\d|60) seconds/,
    );
    expect((await new Visitor(server.url).logIn(accounts[1] as string, password)).status).toBe(303);
  });

  it("forgives an email's failed log-ins once its owner signs in", async () => {
    const owner = accounts[4] as string;
    const wrong = () => new Visitor(server.url).logIn(owner, "wrong-guess");
    for (let i = 0; i < 4; i++) expect((await wrong()).status).toBe(401);
    expect((await new Visitor(server.url).logIn(owner, password)).status).toBe(303);
    for (let i = 0; i < 5; i++) expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
  });

  it(`lets 20 of ${burst} wrong passwords sent at once from one address reach the password check`, async () => {
    // A server of its own: the bursts above already used part of this address's minute.
    const fresh = await dialect.prepare();
    const own = await startServer(fresh.env);
    try {
      const responses = await sendAtOnce(
        own,
        "/login",
        wrongPasswords((i) => email(`stranger${i}`)),
      );
      const counts = tally(responses);
      console.log(`wrong passwords from one address on ${dialect.name}: ${JSON.stringify(counts)}`);
      expect(counts).toEqual({ 401: 20, 429: 10 });
    } finally {
      await own.stop();
      await fresh.dispose();
    }
  });

  describe("posting", () => {
    /** The author the first burst brought to the limit. */
    let limited: Visitor;

    async function signedIn(account: string): Promise<Visitor> {
      const visitor = new Visitor(server.url);
      expect((await visitor.logIn(account, password)).status).toBe(303);
      return visitor;
    }

    const post = (visitor: Visitor, cover: string, n: number) =>
      publish(visitor, { title: `Burst post ${n}`, content: "Written in a hurry.", coverImageId: cover });

    it("stores exactly 30 of 40 posts sent at once by one user; the others get 429 in the form's alert", async () => {
      const visitor = await signedIn(accounts[2] as string);
      limited = visitor;
      const cover = await uploadCover(visitor);
      const before = await postCount();
      const responses = await Promise.all(Array.from({ length: 40 }, (_, n) => post(visitor, cover, n)));
      const counts = tally(responses);
      console.log(`posts sent at once on ${dialect.name}: ${JSON.stringify(counts)}`);
      expect(counts).toEqual({ 303: 30, 429: 10 });
      expect((await postCount()) - before).toBe(30);
      const html = await (responses.find((response) => response.status === 429) as Response).text();
      expect(html).toMatch(
        /role="alert"[\s\S]*Too many posts: 30 an hour at most\. Try again in \d+ minutes?\./,
      );
      // The form keeps what was typed, so nothing is lost when the hour is over.
      expect(html).toContain("Burst post");

      const batch = await visitor.post("/create-batch", {});
      expect(batch.status).toBe(429);
      expect(visibleText(await batch.text())).toMatch(/Too many posts: 30 an hour at most/);
      expect((await postCount()) - before).toBe(30);
    });

    it.skipIf(!chromiumPath)(
      "shows the refusal in the form's alert in Chromium, keeping what was written",
      async () => {
        const photo = path.join(tmpdir(), `throttles-${dialect.name}-${randomBytes(4).toString("hex")}.jpg`);
        writeFileSync(photo, await photoJpeg(900, 600));
        const browser = await launchBrowser();
        try {
          const context = await contextAs(browser, limited);
          const page = await context.newPage();
          await page.goto(`${server.url}/create-post`);
          await page.getByLabel("Title").fill("One post too many");
          await page.getByLabel("Content (Markdown)").fill("Written after thirty others.");
          await page.getByLabel("Choose a cover image").setInputFiles(photo);
          await page.locator("[data-upload-state=success]").waitFor({ timeout: 30_000 });
          const before = await postCount();
          await page.getByRole("button", { name: "Publish" }).click();
          await page
            .getByRole("alert")
            .getByText(/Too many posts: 30 an hour at most\. Try again in \d+ minutes?\./)
            .waitFor();
          expect(await page.getByLabel("Title").inputValue()).toBe("One post too many");
          expect(await postCount()).toBe(before);
        } finally {
          await browser.close();
        }
      },
    );

    it("counts the sample batch as ten posts: of four batches sent at once after one, two go through", async () => {
      const visitor = await signedIn(accounts[3] as string);
      const cover = await uploadCover(visitor);
      const before = await postCount();
      expect((await visitor.post("/create-batch", {})).status).toBe(303);
      const responses = await Promise.all(Array.from({ length: 4 }, () => visitor.post("/create-batch", {})));
      expect(tally(responses)).toEqual({ 303: 2, 429: 2 });
      expect((await postCount()) - before).toBe(30);
      expect((await post(visitor, cover, 0)).status).toBe(429);
    });
  });
});
