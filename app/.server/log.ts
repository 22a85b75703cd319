import type pino from "pino";
import { createLogger } from "./logger.ts";
import { singleton } from "./singleton.ts";

/** The application's logger (request logs are written by the HTTP server). */
export function log(): pino.Logger {
  return singleton("logger", createLogger);
}
