/**
 * `npm run owner -- add|remove|list [EMAIL]`: who runs the site. The first owner is made
 * here, on the server; owners make others in the manage area. The last owner cannot be
 * removed. `two-step-off EMAIL` lets in a user who lost their authenticator app and their
 * recovery codes. It runs the built site's code (`npm run build` first), as db:migrate does.
 */
import "../app/.server/node-env.ts";
import { appExportsOf, importProductionBuild } from "../server/build.ts";
import { readConfig } from "../server/fail.ts";
import { runScript } from "./run-script.ts";

await runScript("owner", async () => {
  readConfig();
  const app = appExportsOf(await importProductionBuild());
  try {
    for (const line of await app.ownerCommand(process.argv.slice(2))) console.log(line);
  } finally {
    await app.stopApp();
  }
});
