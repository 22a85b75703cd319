import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/.server/config.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "wm-config-"));

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
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new ConfigError(message));
  });

  it("never repeats a bad value: it may be a password, and the line gets logged", () => {
    const values = {
      DATABASE_URL: "mysql://site:hunter2-secret@db.internal/site",
      AUTH_SECRET: "hunter2-secret",
      TRUST_PROXY: "hunter2-secret",
      PUBLIC_URL: "hunter2-secret",
    };
    for (const [name, value] of Object.entries(values)) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).not.toThrow(/hunter2/);
    }
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
