/** `npm start`: builds the site when the sources are newer than the build, then serves it. */
// First, so that the process takes on the server's memory settings before it does anything.
import "../server/restart-with-memory-settings.ts";
import { buildWhenStale } from "./build-when-stale.ts";

buildWhenStale();
process.env.NODE_ENV ??= "production";
await import("../server.ts");
