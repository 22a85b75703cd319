import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

  it.each([
    [{ PORT: "abc" }, 'PORT must be a number (got "abc")'],
    [{ PORT: "70000" }, 'PORT must be between 1 and 65535 (got "70000")'],
    [
      { DATABASE_URL: "mysql://x" },
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")',
    ],
    [{ PUBLIC_URL: "example.org" }, 'PUBLIC_URL must be an http:// or https:// URL (got "example.org")'],
    [{ AUTH_SECRET: "short" }, 'AUTH_SECRET must be at least 32 characters long (got "short")'],
    [{ NODE_ENV: "staging" }, 'NODE_ENV must be production, development or test (got "staging")'],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new ConfigError(message));
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "" }).port).toBe(3000);
  });
});
