/**
 * `npm run db:migrate`: brings the database schema up to date (our migrations, then the
 * account tables) without starting the site, for deploys that migrate before the new version
 * starts, and says what it did. Instances starting meanwhile wait for it (decision 019).
 */
import "../app/.server/node-env.ts";
import { appExportsOf, importProductionBuild } from "../server/build.ts";
import { readConfig } from "../server/fail.ts";
import { describeDatabase } from "./database-name.ts";
import { runScript } from "./run-script.ts";

await runScript("db:migrate", async () => {
  const config = readConfig();
  const app = appExportsOf(await importProductionBuild());
  try {
    const { migrations, authTables } = await app.prepareDatabase();
    console.log(`Database: ${describeDatabase(config.database)}`);
    console.log(
      migrations.length > 0
        ? `Migrations applied: ${migrations.join(", ")}`
        : "Migrations: already up to date",
    );
    console.log(
      authTables.length > 0
        ? `Account tables created or extended: ${authTables.join(", ")}`
        : "Account tables: already up to date",
    );
  } finally {
    await app.stopApp();
  }
});
