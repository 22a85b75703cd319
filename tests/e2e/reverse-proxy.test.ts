import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackFetch } from "../support/loopback-fetch.ts";
import {
  exampleConfigFile,
  nginxAvailable,
  type RunningNginx,
  selfSignedCertificate,
  startNginx,
} from "../support/nginx.ts";
import { freePort, type RunningServer, startServer } from "../support/server.ts";
import { serverDatabase } from "../support/server-database.ts";
import { Visitor } from "../support/visitor.ts";

const password = "Corduroy-Lamp7";
const wrongPassword = "Wrong-Lamp-99";
/** Failed logins one address may make in a minute (app/.server/accounts/accounts.ts). */
const failuresPerAddress = 20;

let counter = 0;
const freshEmail = () => `proxy${++counter}@example.com`;

/** Fails `failuresPerAddress` logins (each for another e-mail, so only the address limit counts), then one more. */
async function exhaustAddressLimit(visitor: Visitor, forgedFor: (attempt: number) => string | undefined) {
  for (let attempt = 0; attempt <= failuresPerAddress; attempt++) {
    const forged = forgedFor(attempt);
    const response = await visitor.post(
      "/login",
      { email: freshEmail(), password: wrongPassword },
      forged ? { "x-forwarded-for": forged } : {},
    );
    expect(response.status, `attempt ${attempt + 1}`).toBe(attempt < failuresPerAddress ? 401 : 429);
  }
}

/** The address the site recorded with the newest session of this account. */
async function sessionAddress(server: RunningServer, email: string): Promise<string | undefined> {
  const db = serverDatabase(server);
  try {
    const { rows } = await sql<{ ipAddress: string }>`
      select s."ipAddress" from "session" s join "user" u on u.id = s."userId"
      where u.email = ${email} order by s."createdAt" desc`.execute(db);
    return rows[0]?.ipAddress;
  } finally {
    await db.destroy();
  }
}

describe("the nginx configuration in the README", () => {
  it("is the file the tests run nginx with", () => {
    const example = readFileSync(exampleConfigFile, "utf8");
    const readme = readFileSync(path.join(import.meta.dirname, "..", "..", "README.md"), "utf8");
    expect(readme).toContain(`\`\`\`nginx\n${example}\`\`\``);
  });
});

describe.skipIf(!nginxAvailable)("behind nginx terminating HTTPS, with TRUST_PROXY=1", () => {
  let site: RunningServer;
  let proxy: RunningNginx;
  let ca: string;
  let dir: string;
  /** A browser on its own loopback address (127.0.0.x), reaching the site through nginx. */
  const browserAt = (address: string) => new Visitor(proxy.url, loopbackFetch({ ca, localAddress: address }));

  async function registered(): Promise<string> {
    const email = freshEmail();
    expect((await browserAt("127.0.0.20").register(email, password)).status).toBe(303);
    return email;
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wm-nginx-"));
    const certificate = selfSignedCertificate(dir);
    ca = readFileSync(certificate.cert, "utf8");
    const port = await freePort();
    site = await startServer({ PUBLIC_URL: `https://127.0.0.1:${port}`, TRUST_PROXY: "1" });
    proxy = await startNginx(dir, port, site.url, certificate);
  });
  afterAll(async () => {
    await proxy?.stop();
    await site?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("pins HTTPS, marks cookies Secure, and takes register and log-in forms", async () => {
    const browser = browserAt("127.0.0.2");
    const page = await browser.get("/login");
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers.getSetCookie().find((cookie) => cookie.startsWith("wm_form="))).toMatch(
      /; Secure; SameSite=Lax$/,
    );
    const email = freshEmail();
    // React Router refuses a form whose Origin (https://) is not the address it was sent to.
    expect((await browser.register(email, password)).status).toBe(303);
    const login = await browser.logIn(email, password);
    expect(login.status).toBe(303);
    const session = login.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
    expect(session).toMatch(/^__Secure-wm\.session_token=.*; Secure/i);
    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(email);
  });

  it("counts failed logins per client, not per proxy: one client's 20 do not lock out another", async () => {
    const email = await registered();
    await exhaustAddressLimit(browserAt("127.0.0.3"), () => undefined);
    const other = browserAt("127.0.0.4");
    expect((await other.logIn(freshEmail(), wrongPassword)).status).toBe(401);
    expect((await other.logIn(email, password)).status).toBe(303);
  });

  it("ignores the X-Forwarded-For entries a client writes itself", async () => {
    const victim = await registered();
    // The attacker names a new address on every try, half the time the victim's: it neither
    // escapes its own limit nor spends the victim's.
    await exhaustAddressLimit(browserAt("127.0.0.5"), (attempt) =>
      attempt % 2 ? "127.0.0.6" : `198.51.100.${attempt}, 203.0.113.${attempt}`,
    );
    expect((await browserAt("127.0.0.6").logIn(victim, password)).status).toBe(303);
    expect(await sessionAddress(site, victim)).toBe("127.0.0.6");
    const forger = await registered();
    const forged = { "x-forwarded-for": "203.0.113.9" };
    expect((await browserAt("127.0.0.7").post("/login", { email: forger, password }, forged)).status).toBe(
      303,
    );
    expect(await sessionAddress(site, forger)).toBe("127.0.0.7");
  });
});

describe("reached directly, with no proxy trusted (TRUST_PROXY unset)", () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await startServer();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("takes the socket's address whatever X-Forwarded-For says", async () => {
    const clientAt = (address: string) => new Visitor(site.url, loopbackFetch({ localAddress: address }));
    await exhaustAddressLimit(clientAt("127.0.0.8"), (attempt) => `198.51.100.${attempt}`);
    const email = freshEmail();
    const other = clientAt("127.0.0.9");
    expect((await other.register(email, password)).status).toBe(303);
    expect((await other.post("/login", { email, password }, { "x-forwarded-for": "127.0.0.8" })).status).toBe(
      303,
    );
    expect(await sessionAddress(site, email)).toBe("127.0.0.9");
  });
});
