import type { Browser } from "playwright-core";
import type { Db } from "~/.server/db/database.ts";
import { launchBrowser } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";
import { serverDatabase } from "./server-database.ts";
import type { ServerDialect } from "./server-dialects.ts";

/** A site for the editor's browser tests, Chromium to visit it, and a connection to its database. */
export interface SiteInChromium {
  server: RunningServer;
  browser: Browser;
  db: Db;
  /** Closes all three and drops the database. */
  close(): Promise<void>;
}

/** Starts a site on a fresh database of `dialect`, its rate limits off (its tests sign up and post at will). */
export async function siteInChromium(dialect: ServerDialect): Promise<SiteInChromium> {
  const { env, dispose } = await dialect.prepare();
  try {
    const [server, browser] = await Promise.all([
      startServer({ ...env, RATE_LIMITS: "off" }),
      launchBrowser(),
    ]);
    const db = serverDatabase(server, env);
    return {
      server,
      browser,
      db,
      async close() {
        await browser.close();
        await db.destroy();
        await server.stop();
        await dispose();
      },
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
