/**
 * `npm run backup -- [folder or s3:// address]`: a consistent copy of the site's data, taken
 * while the server runs. The database (SQLite through its online backup API, PostgreSQL through
 * pg_dump), the uploaded images and the generated session secret go to ./backups/<UTC time>/
 * (with STORAGE_URL, to the bucket's backups/<UTC time>/) unless told where.
 */
import { backupAt, defaultStores } from "../app/.server/backups/backup-store.ts";
import { takeBackup, timestampName } from "../app/.server/backups/take.ts";
import { siteConfig } from "./backups/site-config.ts";
import { runScript } from "./run-script.ts";

await runScript("backup", async () => {
  const config = siteConfig();
  const address = process.argv[2];
  const { store, name } = address
    ? await backupAt(address, config)
    : { store: (await defaultStores(config)).taken, name: timestampName(new Date()) };
  const copied = await takeBackup(config, store, name);
  if (config.storage.kind === "s3") {
    console.log(
      "Images are in the object store (STORAGE_URL) and are not copied: use the bucket's versioning or replication.",
    );
  }
  console.log(`Backed up ${copied} to ${store.location(name)}`);
});
