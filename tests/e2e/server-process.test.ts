import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { leftInNodeModules } from "../../scripts/server-build.ts";
import { signedUp } from "../support/author.ts";
import { photoJpeg } from "../support/images.ts";
import { childrenOf, exited } from "../support/processes.ts";
import { startServer } from "../support/server.ts";
import { tusUpload } from "../support/tus.ts";
import { Visitor } from "../support/visitor.ts";

const proc = (pid: number, file: "cmdline" | "environ") =>
  readFileSync(`/proc/${pid}/${file}`, "utf8").split("\0").filter(Boolean);
const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

/** The server as systemd, a container or a platform starts it: `node server.ts`, nothing else. */
const bare = { memorySettings: "left to the server" } as const;
describe.runIf(process.platform === "linux")("the server process", () => {
  it("runs a build whose text is ASCII only, which each thread keeps at one byte a character", () => {
    const build = path.join(import.meta.dirname, "..", "..", "build");
    const files = [
      ...readdirSync(build).filter((name) => name.endsWith(".js")),
      ...readdirSync(path.join(build, "server"), { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".js"))
        .map((name) => path.join("server", name)),
    ];
    expect(files).toContain(path.join("server", "index.js"));
    const outsideAscii = files.filter((name) =>
      readFileSync(path.join(build, name)).some((byte) => byte > 0x7f),
    );
    expect(outsideAscii).toEqual([]);
  });

  it("carries its libraries in its own chunks, but for those a bundle cannot hold", () => {
    const build = path.join(import.meta.dirname, "..", "..", "build");
    const files = [
      ...readdirSync(build)
        .filter((name) => name.endsWith(".js"))
        .map((name) => path.join(build, name)),
      path.join(build, "server", "index.js"),
    ];
    // Statements at the start of a line: the build's SQL (`from "user"`) is inside strings.
    const specifier = /(?:^import\b[^;]*?\bfrom |^export\b[^;]*?\bfrom |\bimport\(|\brequire\()"([^"]+)"/gm;
    const imported = new Set(
      files.flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(specifier)].map((match) => match[1] as string),
      ),
    );
    const fromNodeModules = [...imported].filter(
      (name) => !name.startsWith(".") && !name.startsWith("node:") && !builtinModules.includes(name),
    );
    expect(imported).toContain("node:http");
    expect(fromNodeModules.sort()).toEqual([...leftInNodeModules].sort());
  });

  it("gives itself the heap flags and the malloc settings, in the same process", async () => {
    const server = await startServer({ WEB_CONCURRENCY: "1" }, bare);
    try {
      expect(proc(server.pid, "cmdline")).toEqual(
        expect.arrayContaining(["--max-semi-space-size=2", "--heap-growing-percent=25", "--expose-gc"]),
      );
      expect(proc(server.pid, "environ")).toEqual(
        expect.arrayContaining(["MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=32768"]),
      );
    } finally {
      await server.stop();
    }
  });

  it("keeps the settings its launcher chose", async () => {
    const server = await startServer(
      { WEB_CONCURRENCY: "1", MALLOC_ARENA_MAX: "4", NODE_OPTIONS: "--max-semi-space-size=8" },
      bare,
    );
    try {
      const commandLine = proc(server.pid, "cmdline");
      expect(commandLine).toContain("--heap-growing-percent=25");
      expect(commandLine.filter((arg) => arg.startsWith("--max-semi-space-size"))).toEqual([]);
      expect(proc(server.pid, "environ")).toEqual(
        expect.arrayContaining(["MALLOC_ARENA_MAX=4", "MALLOC_MMAP_THRESHOLD_=32768"]),
      );
    } finally {
      await server.stop();
    }
  });

  it("serves pages, accounts and sessions with the production dependencies alone", async () => {
    const refuse = pathToFileURL(
      path.join(import.meta.dirname, "..", "support", "refuse-development-packages.ts"),
    );
    const server = await startServer({ WEB_CONCURRENCY: "1", NODE_OPTIONS: `--import=${refuse}` }, bare);
    try {
      for (const page of [
        "/",
        "/home",
        "/about",
        "/status",
        "/healthz",
        "/rss.xml",
        "/sitemap.xml",
        "/login",
      ]) {
        expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
      }
      const visitor = new Visitor(server.url);
      expect((await visitor.register("production@example.com", "Kq7m-Xp3w")).status).toBe(303);
      expect((await visitor.logIn("production@example.com", "Kq7m-Xp3w")).status).toBe(303);
      expect((await visitor.get("/dashboard")).status).toBe(200);
      expect(server.output()).not.toContain("development dependency");
    } finally {
      await server.stop();
    }
  });

  it("leaves no image process behind when it is killed in the middle of an image", async () => {
    const server = await startServer({ WEB_CONCURRENCY: "1" });
    try {
      const uploader = await signedUp(server.url, "killed-mid-image@example.com");
      // 24 megapixels: seconds of work in its process.
      void tusUpload(server.url, await photoJpeg(6000, 4000, 90), { cookie: uploader.cookieHeader });
      const imageProcess = await waitFor(() => childrenOf(server.pid)[0]);
      // In the middle of the image: it holds the decoded pixels (72 MB), besides sharp (about 90 MB).
      await waitFor(() => residentMb(imageProcess) > 150);
      process.kill(server.pid, "SIGKILL");
      // Its channel to the server closed, the image process stops at once, not when the image is done.
      await waitFor(() => exited(imageProcess), 1000);
    } finally {
      await server.stop();
    }
  });
});

/** Polls until `check` gives something. */
async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
