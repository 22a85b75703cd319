import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timestampName } from "~/.server/backups/take.ts";
import { openDatabase } from "~/.server/db/database.ts";
import { acknowledged, ownSlugs, publish, signedUp, uploadCover } from "../support/author.ts";
import { type BackupPlace, backupBucket, backupFolder } from "../support/backup-places.ts";
import { freePort, type RunningServer, startServer } from "../support/server.ts";
import { serverDialects } from "../support/server-dialects.ts";
import { Visitor, visibleText } from "../support/visitor.ts";
import { runBackupScript, type ScriptRun } from "./support/backup-scripts.ts";

function pgDumpInstalled(): boolean {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A refusal is one line on stderr, never a stack trace, and a non-zero exit. */
function expectOneLineRefusal(run: ScriptRun, saying: RegExp) {
  expect(run.code, run.stdout + run.stderr).not.toBe(0);
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).toMatch(saying);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

const dialectsToRun = serverDialects.filter((dialect) => {
  if (dialect.name !== "postgres" || pgDumpInstalled()) return true;
  if (process.env.CI) {
    throw new Error(
      "pg_dump is not installed: CI must run the PostgreSQL backup and restore (install the PostgreSQL client tools).",
    );
  }
  console.warn(
    "pg_dump is not installed: skipping the PostgreSQL backup and restore run (install the PostgreSQL client tools to run it).",
  );
  return false;
});

/** Each database, backed up into a folder, and into the site's bucket (STORAGE_URL). */
const runs = dialectsToRun.flatMap((dialect) =>
  (["folder", "bucket"] as const).map((place) => ({ dialect, place })),
);

describe.each(runs)("backup and restore on $dialect.name into a $place", ({ dialect, place: placeName }) => {
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let workDir: string;
  let server: RunningServer | undefined;
  let place: BackupPlace;
  const inBucket = placeName === "bucket";

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    workDir = mkdtempSync(path.join(tmpdir(), "wm-backup-"));
    place = inBucket ? await backupBucket("backups") : backupFolder(workDir);
    env = {
      ...env,
      ...(inBucket ? place.env : {}),
      DATA_DIR: path.join(workDir, "data"),
      RATE_LIMITS: "off",
    };
  });
  afterAll(async () => {
    await server?.stop();
    await place?.stop();
    await dispose?.();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  /** The settings the scripts see: the server's own, and its port so a restore can tell it is running. */
  const scriptEnv = (running?: RunningServer) => ({
    ...env,
    ...(running ? { PORT: new URL(running.url).port } : {}),
  });

  /** The titles stored, after checking each post's content is the one sent with it. */
  async function storedTitles(): Promise<string[]> {
    const db = openDatabase(
      env.DATABASE_URL
        ? { kind: "postgres", url: env.DATABASE_URL }
        : { kind: "sqlite", file: path.join(env.DATA_DIR as string, "site.db") },
    );
    try {
      const rows = await db.selectFrom("posts").select(["title", "content"]).execute();
      for (const row of rows) expect(row.content).toBe(`${row.title}, in full.`);
      return rows.map((row) => row.title);
    } finally {
      await db.destroy();
    }
  }

  it("copies the site while it runs and puts that copy back, images and sessions included", async () => {
    server = await startServer(env);
    const author = await signedUp(server.url, `backup.${dialect.name}@example.com`);
    const cover = await uploadCover(author);
    const before = ["Before the backup one", "Before the backup two", "Before the backup three"];
    for (const title of before) {
      expect(
        acknowledged(await publish(author, { title, content: `${title}, in full.`, coverImageId: cover })),
      ).toBe(true);
    }
    const beforeSlugs = await ownSlugs(author);

    // Writes go on while the backup runs: it must not wait for them, nor catch half of one.
    // (In a bucket, a backup's name is its time; images stay in the bucket, sessions' secret
    // in AUTH_SECRET.)
    const backupDir = inBucket ? place.address(timestampName(new Date())) : path.join(workDir, "backup");
    let backingUp = true;
    const during: string[] = [];
    const writing = (async () => {
      while (backingUp) {
        const title = `Written during the backup ${during.length}`;
        during.push(title);
        await publish(author, { title, content: `${title}, in full.`, coverImageId: cover });
      }
    })();
    const backup = await runBackupScript("backup", [backupDir], scriptEnv(server));
    backingUp = false;
    await writing;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(
      inBucket
        ? /^Backed up the (SQLite|PostgreSQL) database to s3:\/\//m
        : /Backed up the (SQLite|PostgreSQL) database, 1 image, and the session secret/,
    );

    const laterCover = await uploadCover(author);
    const after = ["After the backup one", "After the backup two"];
    for (const title of after) {
      await publish(author, { title, content: `${title}, in full.`, coverImageId: laterCover });
    }

    const whileRunning = await runBackupScript("restore", [backupDir], scriptEnv(server));
    expectOneLineRefusal(whileRunning, /stop the server first/);
    expect(await storedTitles()).toEqual(expect.arrayContaining(after));

    await server.stop();
    if (!inBucket) {
      const incomplete = path.join(workDir, "incomplete");
      cpSync(backupDir, incomplete, { recursive: true });
      rmSync(path.join(incomplete, "images"), { recursive: true });
      expectOneLineRefusal(await runBackupScript("restore", [incomplete], scriptEnv()), /incomplete/);
    }
    expectOneLineRefusal(
      await runBackupScript(
        "restore",
        [inBucket ? place.address("2000-01-01T00-00-00Z") : path.join(workDir, "no-such-backup")],
        scriptEnv(),
      ),
      /no backup/,
    );
    expect(await storedTitles(), "a refused restore changes nothing").toEqual(expect.arrayContaining(after));

    const restore = await runBackupScript("restore", [backupDir], scriptEnv());
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(
      inBucket
        ? /^Restored the (SQLite|PostgreSQL) database from the backup of /m
        : /^Restored the (SQLite|PostgreSQL) database, 1 image, and the session secret/,
    );

    server = await startServer(env);
    const titles = await storedTitles();
    expect(titles).toEqual(expect.arrayContaining(before));
    for (const title of after) expect(titles).not.toContain(title);
    for (const title of titles.filter((t) => t.startsWith("Written during"))) expect(during).toContain(title);

    const reader = new Visitor(server.url);
    const pages: string[] = [];
    for (const slug of beforeSlugs) {
      const page = await reader.get(`/blog/${encodeURIComponent(slug)}`);
      expect(page.status, slug).toBe(200);
      pages.push(visibleText(await page.text()));
    }
    for (const title of before)
      expect(
        pages.some((text) => text.includes(`${title}, in full.`)),
        title,
      ).toBe(true);
    const image = await reader.get(`/images/${cover}/400.webp`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    // A bucket keeps its images whatever is restored; a folder's are those of the backup.
    if (!inBucket) expect((await reader.get(`/images/${laterCover}/400.webp`)).status).toBe(404);

    // The session cookie from before the backup still works: sessions and their secret came back.
    const returning = new Visitor(server.url);
    for (const [name, value] of author.cookies) returning.cookies.set(name, value);
    expect(await ownSlugs(returning)).toEqual(expect.arrayContaining(beforeSlugs));
  });

  it("gives pg_dump and pg_restore the password in their environment, never on the command line", {
    skip: dialect.name !== "postgres" || inBucket,
  }, async () => {
    await server?.stop();
    server = undefined;
    const password = "Backup-Secret-4711";
    const withPassword = new URL(env.DATABASE_URL as string);
    withPassword.password = password;
    // Each tool, found first on PATH, writes down the arguments it was started with (as
    // /proc/<pid>/cmdline shows them to every user) and the password it was given, then runs.
    const tools = path.join(workDir, "recording-tools");
    mkdirSync(tools);
    for (const tool of ["pg_dump", "pg_restore"]) {
      const real = execFileSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim();
      writeFileSync(
        path.join(tools, tool),
        `#!/bin/sh\ncat /proc/$$/cmdline > "${tools}/${tool}.cmdline"\nprintf %s "$PGPASSWORD" > "${tools}/${tool}.password"\nexec "${real}" "$@"\n`,
        { mode: 0o755 },
      );
    }
    const settings = {
      ...env,
      DATABASE_URL: withPassword.toString(),
      PATH: `${tools}:${process.env.PATH}`,
      PORT: String(await freePort()),
    };
    const backupDir = path.join(workDir, "backup-with-password");
    const backup = await runBackupScript("backup", [backupDir], settings);
    expect(backup.code, backup.stderr).toBe(0);
    const restore = await runBackupScript("restore", [backupDir], settings);
    expect(restore.code, restore.stderr).toBe(0);
    for (const tool of ["pg_dump", "pg_restore"]) {
      const argv = readFileSync(path.join(tools, `${tool}.cmdline`), "utf8").split("\0");
      expect(argv.join(" "), tool).not.toContain(password);
      expect(argv.join(" "), tool).not.toContain("postgres://");
      expect(readFileSync(path.join(tools, `${tool}.password`), "utf8"), tool).toBe(password);
    }
  });

  it("says in one line when pg_dump is missing", {
    skip: dialect.name !== "postgres" || inBucket,
  }, async () => {
    const run = await runBackupScript("backup", [path.join(workDir, "without-pg-dump")], {
      ...scriptEnv(),
      PATH: path.join(workDir, "empty-path"),
    });
    expectOneLineRefusal(run, /pg_dump was not found/);
  });
});
