/** `npm start`: builds the site when the sources are newer than the build, then serves it. */
import { buildWhenStale } from "./build-when-stale.ts";

buildWhenStale();
process.env.NODE_ENV ??= "production";
await import("../server.ts");
