import pino from "pino";
import { config } from "./config.ts";
import { singleton } from "./singleton.ts";

/**
 * The process's one logger, shared by the HTTP server and the application (a global
 * singleton, so the bundled application and `server.ts` write through the same instance):
 * JSON lines in production, readable lines while developing.
 */
export function log(): pino.Logger {
  return singleton("logger", () => {
    const { production, logLevel } = config();
    return pino({
      level: logLevel,
      base: undefined,
      transport: production ? undefined : { target: "pino-pretty", options: { colorize: true } },
    });
  });
}
