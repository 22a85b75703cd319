import pino from "pino";
import { config } from "./config.ts";

/** JSON lines in production; readable lines while developing. */
export function createLogger(): pino.Logger {
  const { production, logLevel } = config();
  return pino({
    level: logLevel,
    base: undefined,
    transport: production ? undefined : { target: "pino-pretty", options: { colorize: true } },
  });
}
