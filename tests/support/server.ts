import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { heapFlags, mallocSettings } from "../../server/memory-settings.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  /** STORAGE_URL and friends when the server keeps images in a bucket. */
  storageEnv: Record<string, string>;
  output(): string;
  stop(): Promise<void>;
}

export interface ExitedServer {
  code: number | null;
  output: string;
}

/** The object store every server of this test run uses, when the run was started with one (see s3.ts). */
export function sharedStorageEnv(): Record<string, string> {
  const names = [
    "STORAGE_URL",
    "S3_ENDPOINT",
    "AWS_REGION",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AUTH_SECRET",
  ];
  if (!process.env.TEST_STORAGE_URL) return {};
  return Object.fromEntries(names.map((name) => [name, process.env[`TEST_${name}`] ?? ""]));
}

/**
 * Every server process this test run started and has not seen exit. A test file's servers
 * are stopped when it ends (see stop-servers.ts), and any still running when the process
 * exits (a benchmark or script that threw) are killed.
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Stops every server still running: what a failed test left behind. */
export async function stopAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
}

export interface LaunchOptions {
  /**
   * "given": the launcher passes the memory settings, as `npm start` did (the server then
   * does not restart itself to take them, which saves each test a quarter of a second);
   * "left to the server": a bare `node build/server.js`, as systemd or a container would run it.
   */
  memorySettings?: "given" | "left to the server";
}

/** Starts the built server, `node build/server.js`, with only the settings given (never a `.env`). */
function launch(
  env: Record<string, string>,
  { memorySettings = "given" }: LaunchOptions = {},
): { child: ChildProcess; output: () => string } {
  const given = memorySettings === "given";
  const child = spawn(process.execPath, [...(given ? heapFlags : []), "build/server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...(given ? mallocSettings : {}),
      ...sharedStorageEnv(),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** Starts the production build on a free loopback port with a fresh DATA_DIR. */
export async function startServer(
  env: Record<string, string> = {},
  options: LaunchOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "wm-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const { child, output } = launch(
    { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, ...env },
    options,
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Generous: a restart after SIGKILL on a busy machine can take many seconds.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${output()}`);
    try {
      if ((await fetch(`${url}/status`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid as number,
    dataDir,
    storageEnv: env.STORAGE_URL ? env : sharedStorageEnv(),
    output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export async function startExpectingFailure(env: Record<string, string>): Promise<ExitedServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "wm-e2e-"));
  const { child, output } = launch({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env });
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, output: output() };
}
