import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/.server/config.ts";

/** One folder of its own for each configuration read; all of them are removed afterwards. */
const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "wm-config-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * For each folder in turn, `count` threads (the configuration module loaded) are released at
 * the same moment to read the configuration of that folder; their secrets, per folder.
 */
async function secretsReadTogether(dataDirs: string[], count: number): Promise<string[][]> {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    import(workerData.config).then(({ loadConfig }) => {
      workerData.dataDirs.forEach((dir, round) => {
        parentPort.postMessage("waiting");
        Atomics.wait(workerData.start, 0, round);
        parentPort.postMessage(loadConfig({ DATA_DIR: dir }).authSecret);
      });
    });
  `;
  const start = new Int32Array(new SharedArrayBuffer(4));
  const config = pathToFileURL(path.resolve("app/.server/config.ts")).href;
  const workers = Array.from(
    { length: count },
    () => new Worker(code, { eval: true, workerData: { dataDirs, start, config } }),
  );
  const secrets: string[][] = [];
  try {
    for (let round = 0; round < dataDirs.length; round++) {
      await Promise.all(workers.map((worker) => once(worker, "message")));
      const read = workers.map((worker) => once(worker, "message").then(([secret]) => secret as string));
      Atomics.store(start, 0, round + 1);
      Atomics.notify(start, 0);
      secrets.push(await Promise.all(read));
    }
    return secrets;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

describe("configuration", () => {
  it("runs on embedded defaults: SQLite in DATA_DIR, port 3000, production", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      database: { kind: "sqlite", file: path.join(dir, "site.db") },
      publicUrl: "http://localhost:3000",
      production: true,
    });
  });

  it("generates the session secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
  });

  it("uses PostgreSQL when DATABASE_URL is set and trims PUBLIC_URL's trailing slash", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u@db.internal:5432/site",
      PUBLIC_URL: "https://example.org/",
      NODE_ENV: "development",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db.internal:5432/site" });
    expect(config.publicUrl).toBe("https://example.org");
    expect(config.production).toBe(false);
  });

  it("keeps images and uploads in a bucket when STORAGE_URL is set, on AWS or another S3-compatible store", () => {
    const secret = "x".repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ kind: "local" });
    expect(
      loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: "s3://site-media", AUTH_SECRET: secret }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "site-media",
      prefix: "",
      region: "us-east-1",
      endpoint: undefined,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        STORAGE_URL: "s3://site-media/woollahra/live/",
        AUTH_SECRET: secret,
        AWS_REGION: "ap-southeast-2",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_PUBLIC_URL: "https://media.example.org/",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "site-media",
      prefix: "woollahra/live/",
      region: "ap-southeast-2",
      endpoint: "http://127.0.0.1:9000",
      publicUrl: "https://media.example.org",
    });
  });

  it.each([
    [{ STORAGE_URL: "https://bucket" }, "STORAGE_URL must be an s3://bucket/prefix URL"],
    [{ STORAGE_URL: "s3://Bad_Bucket/x" }, "STORAGE_URL must be an s3://bucket/prefix URL"],
    [{ S3_ENDPOINT: "localhost:9000" }, "S3_ENDPOINT must be an http:// or https:// URL"],
    [
      { STORAGE_URL: "s3://site-media" },
      "AUTH_SECRET must be set when STORAGE_URL is set (the same on every instance)",
    ],
    [{ PORT: "abc" }, "PORT must be a number"],
    [{ PORT: "70000" }, "PORT must be between 1 and 65535"],
    [{ WEB_CONCURRENCY: "two" }, "WEB_CONCURRENCY must be a number"],
    [{ WEB_CONCURRENCY: "65" }, "WEB_CONCURRENCY must be between 1 and 64"],
    [{ WEB_CONCURRENCY: "1.5" }, "WEB_CONCURRENCY must be a whole number"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL must be a postgres:// or postgresql:// URL"],
    [{ PUBLIC_URL: "example.org" }, "PUBLIC_URL must be an http:// or https:// URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET must be at least 32 characters long"],
    [{ NODE_ENV: "staging" }, "NODE_ENV must be production, development or test"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY must be a number"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY must be between 0 and 10"],
    [{ TRUST_PROXY: "11" }, "TRUST_PROXY must be between 0 and 10"],
    [{ TRUST_PROXY: "1.5" }, "TRUST_PROXY must be a whole number"],
    [{ RATE_LIMITS: "no" }, "RATE_LIMITS must be on or off"],
    [{ HOST: "example.org" }, "HOST must be an IP address such as 127.0.0.1, :: or 0.0.0.0, or localhost"],
    [{ BACKUP_EVERY: "daily" }, "BACKUP_EVERY must be a number and a unit, e.g. 1d, 12h, 30m"],
    [{ BACKUP_EVERY: "0d" }, "BACKUP_EVERY must be a number and a unit, e.g. 1d, 12h, 30m"],
    [{ BACKUP_KEEP: "0" }, "BACKUP_KEEP must be between 1 and 1000"],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new ConfigError(message));
  });

  it("reads the backup schedule, the folder and how many to keep", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      BACKUP_EVERY: "12h",
      BACKUP_DIR: "/srv/backups",
      BACKUP_KEEP: "3",
    });
    expect(config.backups).toEqual({ everyMs: 12 * 3_600_000, dir: "/srv/backups", keep: 3 });
    expect(loadConfig({ DATA_DIR: dataDir() }).backups.everyMs).toBeUndefined();
  });

  const secret = "S3cret-Value-4711";

  it.each([
    { DATABASE_URL: `mysql://site:${secret}@db.internal/site` },
    { DATABASE_URL: `postgres://site:${secret}@[db.internal/site` },
    { DATABASE_URL: `postgres://site:${secret}@db internal/site` },
    { STORAGE_URL: `s3://key:${secret}@Bad_Bucket/x` },
    { STORAGE_URL: `s3://bucket/${secret}%E0%A4%A`, AUTH_SECRET: "x".repeat(32) },
    { S3_ENDPOINT: `http://key:${secret}@[minio` },
    { S3_PUBLIC_URL: `ftp://${secret}.example.org` },
    { PUBLIC_URL: `https://user:${secret}@exa mple.org` },
    { AUTH_SECRET: secret },
    { TRUST_PROXY: secret },
    { NODE_ENV: secret },
  ])("never repeats the value of %o", (env) => {
    let message = "";
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^${Object.keys(env)[0]} `));
    expect(message).not.toContain(secret);
    expect(message).not.toContain("\n");
  });

  it("stops on a stored session secret shorter than 32 characters, naming no secret", () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, "auth-secret"), `${"s".repeat(31)}\n`);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
      new ConfigError(
        "DATA_DIR holds a session secret (auth-secret) shorter than 32 characters: replace it, or delete it to have a new one made",
      ),
    );
  });

  it("creates DATA_DIR for the site's user alone, and the secret readable by it alone", () => {
    const dir = path.join(dataDir(), "new", "data");
    loadConfig({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("gives threads that start together one whole secret (500 rounds of 8 threads)", {
    timeout: 120_000,
  }, async () => {
    // Without the temporary file, about one round in a hundred had a thread read an empty secret.
    const dirs = Array.from({ length: 500 }, dataDir);
    const rounds = await secretsReadTogether(dirs, 8);
    const short: string[] = [];
    rounds.forEach((secrets, round) => {
      const stored = readFileSync(path.join(dirs[round] as string, "auth-secret"), "utf8").trim();
      for (const got of secrets) if (got !== stored || got.length < 32) short.push(got);
    });
    expect(short, "secrets other than the stored one").toEqual([]);
  });

  it("trusts no proxy by default, or as many as TRUST_PROXY says", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustedProxies).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "1" }).trustedProxies).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "10" }).trustedProxies).toBe(10);
  });

  it("serves on a thread per core by default (at most 8), or as many as WEB_CONCURRENCY says", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).threads).toBe(Math.min(availableParallelism(), 8));
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: "3" }).threads).toBe(3);
  });

  it("limits log-ins, registrations and posts unless RATE_LIMITS=off, which only tests set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimits).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMITS: "on" }).rateLimits).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMITS: "off" }).rateLimits).toBe(false);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "" }).port).toBe(3000);
  });
});
