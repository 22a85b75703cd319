/**
 * The built server's entry (`build/server.js`, decision 043): the process's memory settings
 * and NODE_ENV are settled before any library loads (a bundle loads its libraries before its
 * own code, so the server comes in by a later import).
 */
import "./restart-with-memory-settings.ts";
import "../app/.server/node-env.ts";

await import("../server.ts");
