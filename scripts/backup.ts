/**
 * `npm run backup -- [folder]`: a consistent copy of the site's data, taken while the server runs.
 * The database (SQLite through its online backup API, PostgreSQL through pg_dump), the uploaded
 * images and the generated session secret go to ./backups/<UTC time>/ unless a folder is given.
 */
import path from "node:path";
import { takeBackup, timestampName } from "../app/.server/backups/take.ts";
import { siteConfig } from "./backups/site-config.ts";
import { runScript } from "./run-script.ts";

await runScript("backup", async () => {
  const config = siteConfig();
  const folder = path.resolve(process.argv[2] ?? path.join("backups", timestampName(new Date())));
  const copied = await takeBackup(config, folder);
  if (config.storage.kind === "s3") {
    console.log(
      "Images are in the object store (STORAGE_URL) and are not copied: use the bucket's versioning or replication.",
    );
  }
  console.log(`Backed up ${copied} to ${folder}`);
});
