import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acknowledged, publish, signedUp, uploadCover } from "../support/author.ts";
import { type BackupPlace, backupBucket } from "../support/backup-places.ts";
import { runScript } from "../support/scripts.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { visibleText } from "../support/visitor.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

/**
 * With STORAGE_URL, `npm run backup` writes into the site's bucket and `npm run restore` lists
 * and restores from it; a backup cut short is never taken for one. (The schedule, its rotation
 * and PostgreSQL are in tests/reliability/scheduled-backups.test.ts, which CI does not run.)
 */
describe("backups in the site's bucket", () => {
  let place: BackupPlace;
  let workDir: string;
  let env: Record<string, string>;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    place = await backupBucket("backups");
    workDir = mkdtempSync(path.join(tmpdir(), "wm-bucket-backups-"));
    env = { ...place.env, DATA_DIR: path.join(workDir, "data"), RATE_LIMITS: "off" };
  });
  afterAll(async () => {
    await server?.stop();
    await place?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  /** The scripts' settings: the server's, and its port, so a restore can tell it is running. */
  const scriptEnv = () => ({ ...env, PORT: server ? new URL(server.url).port : "1" });

  it("backs up into the bucket, lists and restores only whole backups", async () => {
    server = await startServer(env);
    const author = await signedUp(server.url, "bucket.backup@example.com");
    const coverImageId = await uploadCover(author);
    const kept = "Kept by the bucket backup";
    expect(acknowledged(await publish(author, { title: kept, content: `${kept}.`, coverImageId }))).toBe(
      true,
    );

    const backup = await runScript("backup.ts", scriptEnv());
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("Images are in the object store (STORAGE_URL) and are not copied");
    const [, address = ""] = backup.stdout.match(/^Backed up the SQLite database to (s3:\/\/\S+)$/m) ?? [];
    const [name = ""] = await place.names();
    expect(address).toBe(place.address(name));
    expect(await place.whole(name)).toBe(true);

    const later = "Written after the bucket backup";
    expect(acknowledged(await publish(author, { title: later, content: `${later}.`, coverImageId }))).toBe(
      true,
    );

    // A backup killed while its parts go up: the bucket is slow, so the database arrives
    // well before the manifest would.
    await sleep(1100); // backups are named by the second
    place.s3?.slowWrites(1000);
    const cut = spawn(process.execPath, ["scripts/backup.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...scriptEnv() },
      stdio: "ignore",
    });
    let half: string | undefined;
    for (const deadline = Date.now() + 30_000; !half && Date.now() < deadline; await sleep(20)) {
      half = (await place.names()).find((each) => each !== name);
    }
    cut.kill("SIGKILL");
    place.s3?.slowWrites(0);
    expect(half, "a backup in progress").toBeDefined();
    expect(await place.whole(half as string)).toBe(false);

    const listing = await runScript("restore.ts", scriptEnv());
    expect(listing.code, listing.stderr).toBe(0);
    expect(listing.stdout).toContain(`  ${address}\n`);
    expect(listing.stdout).not.toContain(half);

    const refused = await runScript("restore.ts", scriptEnv(), place.address(half as string));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/is not a complete backup \(no manifest\.json\): nothing was changed/);
    const elsewhere = await runScript("restore.ts", scriptEnv(), `s3://another-bucket/site/backups/${name}`);
    expect(elsewhere.stderr).toMatch(/is not in the bucket STORAGE_URL names: nothing was changed/);
    const notABackup = await runScript("restore.ts", scriptEnv(), address.replace(/backups\/.*$/, "images"));
    expect(notABackup.stderr).toMatch(
      /is not a backup's address \(…\/backups\/<time>\): nothing was changed/,
    );
    const whileRunning = await runScript("restore.ts", scriptEnv(), address);
    expect(whileRunning.stderr).toMatch(/stop the server first/);

    await server.stop();
    server = undefined;
    const restored = await runScript("restore.ts", scriptEnv(), address);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored the SQLite database from the backup of /m);

    server = await startServer(env);
    const home = visibleText(await (await fetch(`${server.url}/home`)).text());
    expect(home).toContain(kept);
    expect(home).not.toContain(later);
    // The images stayed in the bucket, where the restored posts find them.
    expect((await fetch(`${server.url}/images/${coverImageId}/400.webp`)).status).toBe(200);
  });
});
