import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUp } from "../support/author.ts";
import { photoJpeg } from "../support/images.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { tusUpload } from "../support/tus.ts";

function straceAvailable(): boolean {
  try {
    execFileSync("strace", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    const message = "strace was not found (Debian: apt-get install strace).";
    if (process.env.CI) throw new Error(message);
    console.warn(`${message} Skipping the durability trace.`);
    return false;
  }
}

/** One system call from strace's output (`-y` names each descriptor's file). */
interface Call {
  name: string;
  args: string;
}

/**
 * Threads interleave: strace splits a call another thread interrupted into
 * `name(args <unfinished ...>` and a later `<... name resumed>) = n`. Each call is joined
 * and placed where it finished, so "flushed before renamed" means the flush had returned.
 */
function parseTrace(file: string): Call[] {
  const started = new Map<string, string>();
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      const unfinished = /^(\d+)\s+(.*) <unfinished \.\.\.>$/.exec(line);
      if (unfinished) {
        started.set(unfinished[1] as string, unfinished[2] as string);
        return [];
      }
      const resumed = /^(\d+)\s+<\.\.\. \w+ resumed>(.*)$/.exec(line);
      const whole = resumed ? `${resumed[1]} ${started.get(resumed[1] as string) ?? ""}${resumed[2]}` : line;
      const match = /^\d+\s+(\w+)\((.*)\)\s+=\s+\d+/.exec(whole);
      return match ? [{ name: match[1] as string, args: match[2] as string }] : [];
    });
}

/**
 * Watches the production server's system calls while it processes an upload: a power cut
 * right after the image's row commits must not leave the row pointing at files the disk
 * never got. Only the SQLite store is traced: PostgreSQL commits in another process.
 */
describe.skipIf(!straceAvailable())("image files are on disk before their row commits", () => {
  let server: RunningServer;
  let tracer: ChildProcess;
  let traceFile: string;

  beforeAll(async () => {
    server = await startServer();
    traceFile = path.join(mkdtempSync(path.join(tmpdir(), "wm-trace-")), "server.trace");
    tracer = spawn(
      "strace",
      [
        "-f",
        "-y",
        "-e",
        "trace=openat,fsync,fdatasync,rename,renameat,renameat2",
        "-o",
        traceFile,
        "-p",
        String(server.pid),
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    // strace names each thread as it attaches; it attaches to all of them at once.
    await new Promise<void>((resolve) => tracer.stderr?.once("data", () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  afterAll(async () => {
    tracer?.kill("SIGINT");
    await server?.stop();
  });

  it("flushes each variant and its folder, then commits the row", async () => {
    const visitor = await signedUp(server.url, "durable@example.com");
    const { id } = await tusUpload(server.url, await photoJpeg(1600, 1200), { cookie: visitor.cookieHeader });
    expect(id).toBeDefined();
    tracer.kill("SIGINT");
    await new Promise((resolve) => tracer.once("exit", resolve));

    const calls = parseTrace(traceFile);
    const folder = path.join(server.dataDir, "images", id as string);
    const at = (test: (call: Call) => boolean, from = 0) => {
      const index = calls.findIndex((call, i) => i >= from && test(call));
      return index < 0 ? Number.POSITIVE_INFINITY : index;
    };
    const syncOf = (file: string) => (call: Call) =>
      (call.name === "fsync" || call.name === "fdatasync") && call.args.endsWith(`<${file}>`);
    let lastFolderSync = -1;
    for (const width of [400, 800, 1260]) {
      for (const ext of ["avif", "webp", "jpg"]) {
        const file = path.join(folder, `${width}.${ext}`);
        const renamed = at((call) => call.name.startsWith("rename") && call.args.includes(`"${file}"`));
        expect(renamed, `${file} renamed into place`).toBeLessThan(calls.length);
        const partial = /"([^"]+\.partial)"/.exec(calls[renamed]?.args ?? "")?.[1] as string;
        const written = at(syncOf(partial));
        expect(written, `${partial} flushed before it is renamed`).toBeLessThan(renamed);
        const listed = at(syncOf(folder), renamed);
        expect(listed, `${folder} flushed after ${file} is renamed`).toBeLessThan(calls.length);
        lastFolderSync = Math.max(lastFolderSync, listed);
      }
    }
    // The images folder got a new entry (the image's own folder): flushed too.
    expect(at(syncOf(path.join(server.dataDir, "images")))).toBeLessThan(calls.length);
    // The image's row: SQLite flushes its write-ahead log when the transaction commits.
    const wal = path.join(server.dataDir, "site.db-wal");
    const firstVariant = at((call) => call.name === "openat" && call.args.includes(`${folder}/`));
    const commitsWhileWriting = calls.slice(firstVariant, lastFolderSync).filter((call) => syncOf(wal)(call));
    expect(commitsWhileWriting).toEqual([]);
    expect(at(syncOf(wal), lastFolderSync)).toBeLessThan(calls.length);
  });
});
