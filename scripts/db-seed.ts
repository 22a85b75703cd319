/**
 * `npm run db:seed`: a development database with data to look at, so nobody has to click to
 * get it: a few accounts (their passwords printed here, once) and the sample posts. It fills
 * only an empty database, and says so otherwise. Builds the site first when it is stale.
 */
import "../app/.server/node-env.ts";
import { appExportsOf, importProductionBuild } from "../server/build.ts";
import { readConfig } from "../server/fail.ts";
import { buildWhenStale } from "./build-when-stale.ts";
import { describeDatabase } from "./database-name.ts";
import { runScript } from "./run-script.ts";

await runScript("db:seed", async () => {
  const config = readConfig();
  buildWhenStale();
  const app = appExportsOf(await importProductionBuild());
  try {
    const accounts = await app.seedDevelopmentData();
    console.log(`Database: ${describeDatabase(config.database)}`);
    console.log("Accounts (sign in at /login; the passwords are shown only now):");
    for (const { email, password, role, posts } of accounts) {
      const what = role === "owner" ? "owner (runs /manage)" : "author";
      console.log(`  ${email.padEnd(28)} ${password}   ${what}${posts > 0 ? `, ${posts} sample posts` : ""}`);
    }
  } finally {
    await app.stopApp();
  }
});
