import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "~/.server/db/database.ts";
import { acknowledged, publish, signedUp, uploadCover } from "../support/author.ts";
import { makeOwner } from "../support/owners.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { type ServerDialect, serverDialects } from "../support/server-dialects.ts";
import { visibleText } from "../support/visitor.ts";
import { runBackupScript } from "./support/backup-scripts.ts";

async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
  pollMs = 100,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

describe.each(serverDialects)("scheduled backups on $name", (dialect: ServerDialect) => {
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  let workDir: string;
  let backupDir: string;
  let server: RunningServer | undefined;
  let db: Db;

  beforeAll(async () => {
    ({ env, dispose } = await dialect.prepare());
    workDir = mkdtempSync(path.join(tmpdir(), "wm-scheduled-backup-"));
    backupDir = path.join(workDir, "backups");
    env = {
      ...env,
      DATA_DIR: path.join(workDir, "data"),
      RATE_LIMITS: "off",
      WEB_CONCURRENCY: "1",
      BACKUP_EVERY: "2s",
      BACKUP_KEEP: "2",
      BACKUP_DIR: backupDir,
    };
    db = openSiteDatabase();
  });
  /** A restore replaces the SQLite file: a handle opened before it reads the old one. */
  const openSiteDatabase = () =>
    openDatabase(
      env.DATABASE_URL
        ? { kind: "postgres", url: env.DATABASE_URL }
        : { kind: "sqlite", file: path.join(env.DATA_DIR as string, "site.db") },
    );
  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await dispose?.();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const folders = () => (existsSync(backupDir) ? readdirSync(backupDir).sort() : []);
  const complete = (folder: string) => existsSync(path.join(backupDir, folder, "manifest.json"));

  it("takes a backup on its schedule, reads it back, keeps the newest few, and restores any of them", async () => {
    server = await startServer(env);
    const author = await signedUp(server.url, `scheduled.${dialect.name}@example.com`);
    await makeOwner(db, `scheduled.${dialect.name}@example.com`);
    const cover = await uploadCover(author);
    const title = "Kept by the scheduled backup";
    expect(acknowledged(await publish(author, { title, content: `${title}.`, coverImageId: cover }))).toBe(
      true,
    );

    // Two seconds apart, BACKUP_KEEP=2: after the fourth, only the two newest are left.
    const seen = new Set<string>();
    await until("four scheduled backups", () => {
      for (const folder of folders()) if (complete(folder)) seen.add(folder);
      return seen.size >= 4 ? true : undefined;
    });
    const overview = visibleText(await (await author.get("/manage")).text());
    // Asked between two backups, or while the next runs.
    expect(overview).toMatch(
      /The last backup was made \d{2}-\d{2}-\d{4} .* and read back without fault\.|A backup began .* and is running\. The last good one was made \d{2}-\d{2}-\d{4}/,
    );

    // Stopped, the server lets a backup in progress finish: what is left is what it keeps.
    await server.stop();
    server = undefined;
    const kept = folders();
    expect(kept).toHaveLength(2);
    expect(kept.every(complete)).toBe(true);
    expect([...seen].sort().slice(-2)).toEqual(kept.filter((folder) => seen.has(folder)));
    const rows = await db.selectFrom("backups").select(["folder", "status"]).execute();
    expect(
      rows
        .filter((row) => row.status === "ok")
        .map((row) => path.basename(row.folder))
        .sort(),
    ).toEqual(kept);

    const oldest = path.join(backupDir, kept[0] as string);
    const restored = await runBackupScript("restore", [oldest], { ...env, PORT: "1" });
    expect(restored.code, restored.stderr).toBe(0);
    server = await startServer({ ...env, BACKUP_EVERY: "1h" });
    const home = visibleText(await (await fetch(`${server.url}/home`)).text());
    expect(home).toContain(title);

    // The restored database was copied while its own backup ran: that backup, whole on disk,
    // is recognised as good, never taken for a half-made one and removed.
    await db.destroy();
    db = openSiteDatabase();
    const oldestRow = () =>
      db.selectFrom("backups").select("status").where("folder", "=", oldest).executeTakeFirst();
    await until("the restored record of the backup running as it was copied", async () =>
      (await oldestRow())?.status === "ok" ? true : undefined,
    );
    expect(folders()).toEqual(kept);
    expect(complete(kept[0] as string)).toBe(true);
    await server.stop();
    server = undefined;
  });

  it("leaves no half-made backup after the server is killed during one, and takes the next", async () => {
    await db.destroy();
    db = openSiteDatabase();
    // Images that take a moment to copy, so that the kill lands inside a backup.
    const bulk = path.join(env.DATA_DIR as string, "images", "bulk");
    mkdirSync(bulk, { recursive: true });
    for (let n = 0; n < 120; n++) writeFileSync(path.join(bulk, `${n}.bin`), Buffer.alloc(512 * 1024, n));
    await db.deleteFrom("backups").execute();
    rmSync(backupDir, { recursive: true, force: true });

    server = await startServer(env);
    const unfinished = await until(
      "a backup in progress",
      () => folders().find((folder) => !complete(folder)),
      60_000,
      5,
    );
    process.kill(server.pid, "SIGKILL");
    await server.stop();
    server = undefined;
    expect(complete(unfinished)).toBe(false);
    expect((await db.selectFrom("backups").select("status").execute()).map((row) => row.status)).toContain(
      "running",
    );

    // The killed instance's turn would run out within 30 s, its lease no longer renewed (the
    // upload-locks suite shows leases running out); ended here to keep the suite short.
    await db.deleteFrom("uploadLocks").where("uploadId", "=", "backups:scheduled").execute();
    server = await startServer(env);
    await until(
      "a good backup after the kill",
      async () =>
        (await db.selectFrom("backups").select("status").where("status", "=", "ok").executeTakeFirst()) ??
        undefined,
      90_000,
    );
    expect(folders()).not.toContain(unfinished);
    expect(folders().every(complete)).toBe(true);
    const interrupted = await db
      .selectFrom("backups")
      .select(["status", "error"])
      .where("status", "=", "failed")
      .execute();
    expect(interrupted).toEqual([
      { status: "failed", error: "interrupted: the server stopped during the backup" },
    ]);
    await server.stop();
    server = undefined;
  });
});
