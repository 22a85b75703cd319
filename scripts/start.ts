/** `npm start`: builds the site when the sources are newer than the build, then serves it. */
import path from "node:path";
import { buildWhenStale } from "./build-when-stale.ts";

buildWhenStale();
process.env.NODE_ENV ??= "production";
const server = path.resolve(import.meta.dirname, "..", "build", "server.js");
// The built server takes this process's place (same id and streams), leaving behind the
// TypeScript compiler this script was read with; where execve is missing (Windows) it loads here.
if (process.execve) process.execve(process.execPath, [process.execPath, server], process.env);
await import(server);
