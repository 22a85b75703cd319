import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** A configuration problem a person can fix; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const portSchema = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be between 1 and 65535")
  .max(65535, "must be between 1 and 65535");

const envSchema = z.object({
  PORT: portSchema.default(3000),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters long").optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  NODE_ENV: z
    .enum(["production", "development", "test"], {
      error: "must be production, development or test",
    })
    .default("production"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

export interface Config {
  port: number;
  dataDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  authSecret: string;
  publicUrl: string;
  production: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
}

type Env = Record<string, string | undefined>;

/** Reads the environment into a typed config; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`${variable} ${issue?.message ?? "is invalid"} (got "${env[variable] ?? ""}")`);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR);
  ensureDirectory(dataDir);
  return {
    port: vars.PORT,
    dataDir,
    database: vars.DATABASE_URL
      ? { kind: "postgres", url: vars.DATABASE_URL }
      : { kind: "sqlite", file: path.join(dataDir, "site.db") },
    authSecret: vars.AUTH_SECRET ?? storedSecret(dataDir),
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    production: vars.NODE_ENV === "production",
    logLevel: vars.LOG_LEVEL,
  };
}

let current: Config | undefined;

/** The process's config, read once. */
export function config(): Config {
  current ??= loadConfig();
  return current;
}

function ensureDirectory(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR cannot be created at ${dataDir} (${errorCode(error)})`);
  }
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
      return secret;
    } catch (error) {
      if (errorCode(error) === "EEXIST") return readFileSync(file, "utf8").trim();
      throw new ConfigError(`DATA_DIR is not writable at ${dataDir} (${errorCode(error)})`);
    }
  }
}

function errorCode(error: unknown): string {
  return error instanceof Error && "code" in error ? String(error.code) : String(error);
}
