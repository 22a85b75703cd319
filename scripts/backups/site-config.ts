import { type Config, loadConfig } from "../../app/.server/config.ts";

/**
 * The site's configuration as the server reads it, except that the session secret is never
 * generated: backups copy the secret file as it is, and restores bring their own.
 */
export function siteConfig(): Config {
  const placeholder = "not-used-by-backups".padEnd(32, "-");
  return loadConfig({ ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || placeholder });
}
