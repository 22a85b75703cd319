import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/database.ts";
import packageJson from "../../package.json" with { type: "json" };
import { postgresAvailable } from "../support/databases.ts";
import { type FreshPostgres, freshPostgresDatabase } from "../support/postgres.ts";
import { type RunningServer, startExpectingFailure, startServer } from "../support/server.ts";
import { TcpProxy } from "../support/tcp-proxy.ts";
import { visibleText } from "../support/visitor.ts";

/** A GET whose body is kept as sent (fetch would decompress it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("the production server over HTTP", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("serves the home page as complete HTML with a request id", async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const html = await response.text();
    expect(html).toContain("<title>Woollahra Moncur");
    expect(html).toContain("Moncur Street, Woollahra NSW 2025");
    expect(html).not.toContain("Development mode");
    expect(html).not.toContain("placeholders");
  });

  it("sends security headers on every response, rendered or cached", async () => {
    for (const path of ["/about", "/about", "/no-such-page", "/healthz", "/favicon.svg"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-xss-protection"), path).toBe("0");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("sends the build's scripts precompressed (Brotli or gzip, as the browser accepts), cached for good", async () => {
    // An app page's scripts (reading pages load none of the build's, decision 025); the largest is the framework's.
    const html = await (await fetch(`${server.url}/login`)).text();
    const sizes = new Map<string, number>();
    for (const src of new Set(html.match(/\/assets\/[\w.-]+\.js/g)))
      sizes.set(src, (await (await fetch(`${server.url}${src}`)).arrayBuffer()).byteLength);
    const script = [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0] as string;
    expect(script).toBeTruthy();
    const plain = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "identity" } });
    const source = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const [accept, encoding, decode] of [
      ["br", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
    ] as const) {
      const { headers, body } = await rawGet(`${server.url}${script}`, { "accept-encoding": accept });
      expect(headers["content-encoding"]).toBe(encoding);
      expect(headers.vary).toBe("Accept-Encoding");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(body.length).toBeLessThan(source.length / 2.5);
      expect(decode(body).equals(source)).toBe(true);
    }
  });

  it("sends every script an app page loads precompressed, the route manifest included", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))];
    expect(scripts.some((src) => src.includes("/manifest-"))).toBe(true);
    for (const script of scripts) {
      const { headers, body } = await rawGet(`${server.url}${script}`, { "accept-encoding": "br" });
      expect(headers["content-encoding"], script).toBe("br");
      // Compressed on the fly, a response is chunked; a precompressed copy says its length.
      expect(headers["content-length"], script).toBe(String(body.length));
    }
  });

  it("loads none of the build's scripts on reading pages, and none of the editor's code on log-in", async () => {
    for (const page of ["/", "/home", "/about"]) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      const scripts = html.match(/\/assets\/[\w.-]+\.js/g) ?? [];
      // Only the reading pages' own small scripts (app/reading-scripts/), never the framework's.
      expect(
        scripts.filter((script) => !/^\/assets\/(menus|copy|map)-[\w-]{8}\.js$/.test(script)),
        page,
      ).toEqual([]);
    }
    const login = await (await fetch(`${server.url}/login`)).text();
    for (const script of new Set(login.match(/\/assets\/[\w.-]+\.js/g))) {
      const code = await (await fetch(`${server.url}${script}`)).text();
      expect(code, `/login loads ${script}`).not.toMatch(/Uppy/);
    }
  });

  it("compresses HTML", async () => {
    const response = await fetch(`${server.url}/about`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers unknown addresses with 404 and the not-found text", async () => {
    for (const path of ["/no-such-page", "/blog/x/y/z", "/about/extra"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("404 Page Not Found");
    }
  });

  it("answers a POST to an unknown address with 404", async () => {
    const response = await fetch(`${server.url}/no-such-page`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "a=1",
    });
    expect(response.status).toBe(404);
  });

  it("refuses malformed percent-encoding with 400", async () => {
    const response = await fetch(`${server.url}/%E0%A4%A`);
    expect(response.status).toBe(400);
  });

  it("answers a very long path with 404 or 431, never 500", async () => {
    const long = await fetch(`${server.url}/${"a".repeat(8000)}`);
    expect(long.status).toBe(404);
    const huge = await fetch(`${server.url}/${"a".repeat(70_000)}`);
    expect([404, 414, 431]).toContain(huge.status);
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const response = await fetch(`${server.url}/about`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: `a=${"x".repeat(1024 * 1024 + 1)}`,
    });
    expect(response.status).toBe(413);
  });

  it("serves hashed assets with long-lived immutable caching", async () => {
    // An app page's: reading pages load none of the build's scripts (decision 025).
    const html = await (await fetch(`${server.url}/login`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${server.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("reports health as JSON", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "ok", commit: expect.any(String) });
  });

  it("says it works on /status, with the running version and the commit /healthz names", async () => {
    const { commit } = await (await fetch(`${server.url}/healthz`)).json();
    // The build here is made in a git checkout: the commit is HEAD's full hash.
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    const response = await fetch(`${server.url}/status`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("It works");
    expect(html).toContain(packageJson.version);
    expect(html).toContain(`<code data-testid="commit">${commit}</code>`);
  });

  it("sends gzip-compressible pages of a sensible size", async () => {
    const html = await (await fetch(`${server.url}/woollahra`)).text();
    expect(gzipSync(html).length).toBeLessThan(30_000);
  });
});

describe("starting up", () => {
  it.each([
    [{ PORT: "abc" }, "woollahra-moncur: PORT must be a number"],
    [
      { DATABASE_URL: "mysql://localhost/x" },
      "woollahra-moncur: DATABASE_URL must be a postgres:// or postgresql:// URL",
    ],
    [{ WEB_CONCURRENCY: "0" }, "woollahra-moncur: WEB_CONCURRENCY must be between 1 and 64"],
    [{ TRUST_PROXY: "two" }, "woollahra-moncur: TRUST_PROXY must be a number"],
    [
      { HOST: "example.org" },
      "woollahra-moncur: HOST must be an IP address such as 127.0.0.1, :: or 0.0.0.0, or localhost",
    ],
    [{ HOST: "192.0.2.1" }, "woollahra-moncur: HOST 192.0.2.1 is not an address of this machine"],
  ])(
    "stops on bad configuration %o with one clear line, without the value, and exit code 1",
    async (env, line) => {
      const { code, output } = await startExpectingFailure(env);
      expect(code).toBe(1);
      expect(output.trim()).toBe(line);
    },
  );

  it.each(["1", "2"])(
    "stops with one line when the port is taken, with WEB_CONCURRENCY=%s",
    async (threads) => {
      const running = await startServer();
      const { code, output } = await startExpectingFailure({
        PORT: new URL(running.url).port,
        WEB_CONCURRENCY: threads,
      });
      await running.stop();
      expect(code).toBe(1);
      expect(output.trim()).toBe(`woollahra-moncur: PORT ${new URL(running.url).port} is already in use`);
    },
  );

  it.each(["1", "2"])(
    "listens only on HOST when it is set, with WEB_CONCURRENCY=%s: another interface gets no answer",
    async (threads) => {
      const server = await startServer({ HOST: "127.0.0.1", WEB_CONCURRENCY: threads });
      try {
        const { port } = new URL(server.url);
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
        await expect(fetch(`http://127.0.0.2:${port}/healthz`)).rejects.toThrow();
      } finally {
        await server.stop();
      }
    },
  );

  it("listens on every interface when HOST is not set", async () => {
    const server = await startServer({ WEB_CONCURRENCY: "1" });
    try {
      expect((await fetch(`http://127.0.0.2:${new URL(server.url).port}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("stops with one line when the database is unreachable", async () => {
    const { code, output } = await startExpectingFailure({
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
    });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(output).toMatch(
      /^woollahra-moncur: DATABASE_URL: cannot open the database \(.*ECONNREFUSED.*\)$/m,
    );
  });

  const password = "Db-Secret-4711";
  const postgresHost = new URL(process.env.TEST_DATABASE_URL ?? "postgres://127.0.0.1:5432").host;
  it.each([
    ["a URL that does not parse", `postgres://site:${password}@[db/site`],
    ["a URL of another kind", `mysql://site:${password}@db.internal/site`],
    ["a host that does not exist", `postgres://site:${password}@db.invalid:5432/site`],
    ["a port nothing listens on", `postgres://site:${password}@127.0.0.1:1/site`],
    ...(postgresAvailable
      ? [["a user the server does not know", `postgres://wm_no_such_user:${password}@${postgresHost}/test`]]
      : []),
  ])("stops with one line naming DATABASE_URL, without its password: %s", async (_label, url) => {
    const { code, output } = await startExpectingFailure({ DATABASE_URL: url });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(output).toMatch(/^woollahra-moncur: DATABASE_URL/);
    expect(output).not.toContain(password);
  });

  it("stops with one line when the stored session secret is shorter than 32 characters", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "wm-secret-"));
    writeFileSync(path.join(dataDir, "auth-secret"), "too-short\n", { mode: 0o600 });
    const { code, output } = await startExpectingFailure({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      "woollahra-moncur: DATA_DIR holds a session secret (auth-secret) shorter than 32 characters: replace it, or delete it to have a new one made",
    );
  });

  it("makes DATA_DIR for the site's user alone: the folder 0700, the database and the secret 0600", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "wm-modes-")), "data");
    const running = await startServer({ DATA_DIR: dataDir });
    try {
      const modes = Object.fromEntries(
        ["", "site.db", "site.db-wal", "site.db-shm", "auth-secret"].map((name) => [
          name || "DATA_DIR",
          (statSync(path.join(dataDir, name)).mode & 0o777).toString(8),
        ]),
      );
      expect(modes).toEqual({
        DATA_DIR: "700",
        "site.db": "600",
        "site.db-wal": "600",
        "site.db-shm": "600",
        "auth-secret": "600",
      });
    } finally {
      await running.stop();
    }
  });

  it("stops with one line when DATA_DIR cannot be used", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "wm-file-")), "a-file");
    writeFileSync(file, "not a directory");
    const { code, output } = await startExpectingFailure({ DATA_DIR: path.join(file, "data") });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `woollahra-moncur: DATA_DIR cannot be created at ${path.join(file, "data")} (ENOTDIR)`,
    );
  });
});

describe.skipIf(!postgresAvailable)("on PostgreSQL, when the database goes away while running", () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? "postgres://localhost");
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let server: RunningServer;
  let database: FreshPostgres;

  beforeAll(async () => {
    database = await freshPostgresDatabase("e2e");
    const port = await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.port = String(port);
    server = await startServer({ DATABASE_URL: viaProxy.toString() });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy.cut();
    await database?.drop();
  });

  it("answers 503 on /healthz, keeps running, and recovers when the database is back, outage after outage", async () => {
    // Connections die wherever they are: idle in the pool, or checked out between queries.
    for (let outage = 0; outage < 4; outage++) {
      expect((await fetch(`${server.url}/healthz`)).status, `outage ${outage}`).toBe(200);
      const port = proxy.port;
      await proxy.cut();
      const down = await fetch(`${server.url}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({
        status: "error",
        database: "unreachable",
        commit: expect.any(String),
      });
      const notReady = await fetch(`${server.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect((await notReady.json()).reason).toBe("the database does not answer");
      expect((await fetch(`${server.url}/about`)).status).toBe(200);
      // After the first recovery /home is in the page cache, which may answer during the next outage.
      if (outage === 0) {
        const home = await fetch(`${server.url}/home`);
        expect(home.status).toBe(503);
        expect(await home.text()).toContain("The site cannot reach its database just now.");
      }
      await proxy.start(port);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/home`)).status).toBe(200);
    }
  });
});

describe("the server build", () => {
  it("loads no code only the browser, PostgreSQL, sign-in or the schema migration needs at start", () => {
    // What the application's entry loads at start: its file and the chunks it imports, not by `import()`.
    const loaded = new Set<string>();
    const bareImports = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(
        /^import (?:[^;]* from )?"([^"]+)";/gm,
      )) {
        if (specifier?.startsWith(".")) visit(path.resolve(path.dirname(file), specifier));
        else bareImports.add(specifier as string);
      }
    };
    visit(path.resolve(import.meta.dirname, "../../build/server/index.js"));
    // The build (decision 044) starts each library module it carries with a comment naming its file.
    const libraries = new Set(
      [...loaded].flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)].map(
          (match) => match[1],
        ),
      ),
    );
    expect(libraries).toContain("react-dom");
    expect(bareImports).toContain("better-sqlite3");
    for (const lazy of ["@uppy/core", "@uppy/tus", "better-auth", "@better-auth/core"]) {
      expect(libraries).not.toContain(lazy);
    }
    expect(bareImports).not.toContain("pg");
  });
});

describe("on HTTPS", () => {
  it("pins HTTPS with Strict-Transport-Security", async () => {
    const server = await startServer({ PUBLIC_URL: "https://woollahra-moncur.example" });
    const response = await fetch(`${server.url}/status`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    await server.stop();
  });
});

describe("outside production", () => {
  it("shows the Development mode strip", async () => {
    const server = await startServer({ NODE_ENV: "development" });
    const html = await (await fetch(`${server.url}/status`)).text();
    expect(html).toContain("Development mode");
    expect(visibleText(html)).toContain(
      "Some contact details are still examples (.example addresses, 02 5550 numbers), so pages leave them out: set the real ones at /manage/building before going live.",
    );
    await server.stop();
  });
});

describe("readiness, for orchestrators", () => {
  it("is ready with the database, the schema and the image folder in order, and says why not otherwise", async () => {
    const server = await startServer();
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(await ready.json()).toEqual({ status: "ready", commit: expect.any(String) });

      const db = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "site.db") });
      await sql`delete from kysely_migration where name = '009-drafts-schedules-tags'`.execute(db);
      const behind = await fetch(`${server.url}/readyz`);
      expect(behind.status).toBe(503);
      expect(await behind.json()).toEqual({
        status: "not ready",
        reason: "the database schema is behind this build (009-drafts-schedules-tags)",
        commit: expect.any(String),
      });
      await sql`insert into kysely_migration (name, timestamp) values ('009-drafts-schedules-tags', ${new Date().toISOString()})`.execute(
        db,
      );
      await db.destroy();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      rmSync(path.join(server.dataDir, "images"), { recursive: true, force: true });
      writeFileSync(path.join(server.dataDir, "images"), "not a folder");
      const unwritable = await fetch(`${server.url}/readyz`);
      expect(unwritable.status).toBe(503);
      expect((await unwritable.json()).reason).toBe("the image folder cannot be written");
      // Liveness stays cheap and says nothing of the image store.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("when something breaks inside", () => {
  it("shows a friendly 500 page with the request id that the log line carries, and no stack trace", async () => {
    const server = await startServer({ LOG_LEVEL: "error" });
    const db = openDatabase({ kind: "sqlite", file: path.join(server.dataDir, "site.db") });
    await sql`drop table posts`.execute(db);
    await db.destroy();
    const response = await fetch(`${server.url}/home`);
    expect(response.status).toBe(500);
    const id = response.headers.get("x-request-id") as string;
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(html).toContain(id);
    expect(html).not.toMatch(/no such table|SqliteError|at [\w.]+ \(/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = server
      .output()
      .split("\n")
      .filter((line) => line.includes(id))
      .map((line) => JSON.parse(line) as { level: number; err?: { message: string } });
    expect(
      logged.some((line) => line.level === 50 && line.err?.message.includes("no such table: posts")),
    ).toBe(true);
    await server.stop();
  });
});
