import { type Config, ConfigError, loadConfig } from "../app/.server/config.ts";

/** Stops the server with one line a person can act on (never a stack trace). */
export function fail(message: string): never {
  console.error(`woollahra-moncur: ${message}`);
  process.exit(1);
}

/** The settings, or one line naming the variable that is wrong. */
export function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * For errors of the application's start: a ConfigError becomes one line. It is matched by
 * name, since the build holds its own copy of the class.
 */
export function failOnConfigError(error: unknown): never {
  if (error instanceof Error && error.name === "ConfigError") fail(error.message);
  throw error;
}
