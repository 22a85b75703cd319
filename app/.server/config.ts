import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
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

/** The generated session secret's file in DATA_DIR. */
export const authSecretFileName = "auth-secret";
const minimumSecretLength = 32;

/** Where several threads can listen on one port (SO_REUSEPORT), the kernel sharing connections out. */
const sharedPortPlatforms = new Set(["linux", "freebsd"]);
const maxThreads = 64;
/** The default: a thread per core, up to this many (each thread holds its own copy of the app). */
const defaultMaxThreads = 8;
/** More proxies than this in front of one site is a misreading of the setting, not a deployment. */
const maxTrustedProxies = 10;

const durationUnits = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** An address a message is sent from or to: one plain address, nothing that could become a header. */
const mailbox = z
  .email("must be one e-mail address, e.g. site@example.com")
  .max(254, "must be one e-mail address");

const envSchema = z.object({
  PORT: portSchema.default(3000),
  HOST: z
    .union([z.ipv4(), z.ipv6(), z.literal("localhost")], {
      error: "must be an IP address such as 127.0.0.1, :: or 0.0.0.0, or localhost",
    })
    .optional(),
  WEB_CONCURRENCY: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, `must be between 1 and ${maxThreads}`)
    .max(maxThreads, `must be between 1 and ${maxThreads}`)
    .optional(),
  TRUST_PROXY: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, `must be between 0 and ${maxTrustedProxies}`)
    .max(maxTrustedProxies, `must be between 0 and ${maxTrustedProxies}`)
    .default(0),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  STORAGE_URL: z
    .url({
      protocol: /^s3$/,
      hostname: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      error: "must be an s3://bucket/prefix URL",
    })
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  AWS_REGION: z.string().trim().min(1).optional(),
  AWS_DEFAULT_REGION: z.string().trim().min(1).optional(),
  UNUSED_IMAGE_GRACE_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(24 * 60 * 60),
  AUTH_SECRET: z
    .string()
    .min(minimumSecretLength, `must be at least ${minimumSecretLength} characters long`)
    .optional(),
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
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: mailbox.optional(),
  ENQUIRY_TO: mailbox.optional(),
  SUBSCRIBER_MAIL_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 100000")
    .max(100_000, "must be between 1 and 100000")
    .default(600),
  REQUIRE_EMAIL_VERIFICATION: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  ENQUIRY_RETENTION_DAYS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(36500, "must be at most 36500")
    .default(730),
  BACKUP_EVERY: z
    .string()
    .regex(/^[1-9]\d{0,5}[smhd]$/, "must be a number and a unit, e.g. 1d, 12h, 30m")
    .transform(
      (every) => Number(every.slice(0, -1)) * durationUnits[every.slice(-1) as keyof typeof durationUnits],
    )
    .optional(),
  BACKUP_DIR: z.string().trim().min(1, "must not be empty").default("./backups/scheduled"),
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 1000")
    .max(1000, "must be between 1 and 1000")
    .default(7),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/-]{32,}$/,
      "must be at least 32 letters, digits or - . _ ~ + / (e.g. the output of openssl rand -hex 32)",
    )
    .optional(),
  METRICS_PORT: portSchema.optional(),
  // For the test suites and the security scan only, whose visitors all come from one address.
  RATE_LIMITS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
});

export interface Config {
  port: number;
  /** The address to listen on; undefined: every interface (what a container needs). */
  host: string | undefined;
  /** Threads serving requests in production, each with its own copy of the app. */
  threads: number;
  /** How many reverse proxies in front of the server append the client's address to X-Forwarded-For. */
  trustedProxies: number;
  dataDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  /** Where images and unfinished uploads live: under DATA_DIR, or in an S3-compatible bucket. */
  storage: { kind: "local" } | S3StorageConfig;
  /** How long an unfinished upload, or an image no post uses, is kept before it is removed. */
  unusedImageGraceMs: number;
  authSecret: string;
  publicUrl: string;
  production: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** False only in tests: no limits on log-ins, registrations or posts. */
  rateLimits: boolean;
  mail: MailConfig;
  /** New accounts must follow a link sent to their address before they may publish. */
  requireEmailVerification: boolean;
  /** How long enquiries are kept. */
  enquiryRetentionMs: number;
  /** Backups the server takes itself: how often (none when unset), where, and how many are kept. */
  backups: { everyMs: number | undefined; dir: string; keep: number };
  /** GET /metrics (decision 035): off when undefined. */
  metrics: MetricsConfig | undefined;
}

/**
 * Where the metrics are answered: with a port, only on that port of the loopback interface;
 * else on the site's own port. With a token, only to requests that bear it.
 */
export interface MetricsConfig {
  token?: string;
  port?: number;
}

export interface MailConfig {
  /** The SMTP server; unset: messages wait in the outbox and nothing is sent. */
  smtpUrl?: string;
  from: string;
  /** ENQUIRY_TO: where leasing enquiries go, whatever the owners set at /manage/building. */
  enquiryToOverride?: string;
  /** How many messages to subscribers may go out a minute; account mail is never held back. */
  subscriberMailPerMinute: number;
}

export interface S3StorageConfig {
  kind: "s3";
  bucket: string;
  /** Prepended to every key: "" or a path ending in "/". */
  prefix: string;
  region: string;
  /** Set for S3-compatible stores other than AWS (path-style requests). */
  endpoint?: string;
  /** When set, images are served by redirect to this base URL instead of through the site. */
  publicUrl?: string;
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
    // Never the value itself: it may be a password (DATABASE_URL, AUTH_SECRET) and lines get logged.
    throw new ConfigError(`${variable} ${issue?.message ?? "is invalid"}`);
  }
  const vars = parsed.data;
  if (vars.STORAGE_URL && !vars.AUTH_SECRET) {
    // Instances sharing a bucket run behind one load balancer: each must accept the others' sessions.
    throw new ConfigError("AUTH_SECRET must be set when STORAGE_URL is set (the same on every instance)");
  }
  const sharedPort = sharedPortPlatforms.has(process.platform);
  if ((vars.WEB_CONCURRENCY ?? 1) > 1 && !sharedPort) {
    throw new ConfigError(`WEB_CONCURRENCY above 1 needs Linux or FreeBSD (this is ${process.platform})`);
  }
  if (vars.METRICS_PORT !== undefined && vars.METRICS_PORT === vars.PORT)
    throw new ConfigError(
      "METRICS_PORT must be another port than PORT (the metrics stay off the site's port)",
    );
  const dataDir = path.resolve(vars.DATA_DIR);
  ensureDirectory(dataDir);
  return {
    port: vars.PORT,
    host: vars.HOST,
    threads: vars.WEB_CONCURRENCY ?? (sharedPort ? Math.min(availableParallelism(), defaultMaxThreads) : 1),
    trustedProxies: vars.TRUST_PROXY,
    dataDir,
    database: vars.DATABASE_URL
      ? { kind: "postgres", url: vars.DATABASE_URL }
      : { kind: "sqlite", file: path.join(dataDir, "site.db") },
    storage: vars.STORAGE_URL
      ? {
          kind: "s3",
          ...bucketAndPrefix(vars.STORAGE_URL),
          region: vars.AWS_REGION ?? vars.AWS_DEFAULT_REGION ?? "us-east-1",
          endpoint: vars.S3_ENDPOINT,
          publicUrl: vars.S3_PUBLIC_URL,
        }
      : { kind: "local" },
    unusedImageGraceMs: vars.UNUSED_IMAGE_GRACE_SECONDS * 1000,
    authSecret: vars.AUTH_SECRET ?? storedSecret(dataDir),
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    production: vars.NODE_ENV === "production",
    logLevel: vars.LOG_LEVEL,
    rateLimits: vars.RATE_LIMITS === "on",
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? `no-reply@${new URL(vars.PUBLIC_URL ?? "http://localhost").hostname}`,
      enquiryToOverride: vars.ENQUIRY_TO,
      subscriberMailPerMinute: vars.SUBSCRIBER_MAIL_PER_MINUTE,
    },
    requireEmailVerification: vars.REQUIRE_EMAIL_VERIFICATION === "true",
    enquiryRetentionMs: vars.ENQUIRY_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    backups: { everyMs: vars.BACKUP_EVERY, dir: path.resolve(vars.BACKUP_DIR), keep: vars.BACKUP_KEEP },
    metrics:
      vars.METRICS_TOKEN || vars.METRICS_PORT
        ? { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT }
        : undefined,
  };
}

let current: Config | undefined;

/** The process's config, read once. */
export function config(): Config {
  current ??= loadConfig();
  return current;
}

function bucketAndPrefix(storageUrl: string): { bucket: string; prefix: string } {
  const url = new URL(storageUrl);
  let prefix: string;
  try {
    prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  } catch {
    throw new ConfigError("STORAGE_URL has a prefix that is not valid percent-encoding");
  }
  return { bucket: url.hostname, prefix: prefix ? `${prefix}/` : "" };
}

/** Only the site's own user may enter DATA_DIR: it holds the database and the session secret. */
function ensureDirectory(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError(`DATA_DIR cannot be created at ${dataDir} (${errorCode(error)})`);
  }
}

/**
 * A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. It is
 * written whole to a file of its own, then linked into place: threads and instances starting
 * together either find the finished file or make it, and never read half of one (a link, unlike
 * a rename, never replaces a secret another instance has already started using).
 */
function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, authSecretFileName);
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  const secret = randomBytes(32).toString("base64url");
  const temporary = `${file}.${process.pid}.${threadId}.${randomBytes(6).toString("hex")}`;
  try {
    writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flag: "wx", flush: true });
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return readSecret(file) as string;
    throw new ConfigError(`DATA_DIR is not writable at ${dataDir} (${errorCode(error)})`);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The stored secret, or undefined when there is none yet; a short one stops the start. */
function readSecret(file: string): string | undefined {
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw new ConfigError(`DATA_DIR: the session secret cannot be read (${errorCode(error)})`);
  }
  if (secret.length < minimumSecretLength) {
    throw new ConfigError(
      `DATA_DIR holds a session secret (${authSecretFileName}) shorter than ${minimumSecretLength} characters: replace it, or delete it to have a new one made`,
    );
  }
  return secret;
}

function errorCode(error: unknown): string {
  return error instanceof Error && "code" in error ? String(error.code) : String(error);
}
