/**
 * Loaded into a server under test (`NODE_OPTIONS=--import=…`): any module it loads from a
 * package that only development needs (marked `dev` in package-lock.json, so left out by
 * `npm ci --omit=dev`) fails to load, as it would on a server installed without them.
 */
import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(import.meta.dirname, "..", "..");
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { dev?: boolean }>;
};
const developmentOnly = new Set(
  Object.entries(lock.packages)
    .filter(([, entry]) => entry.dev)
    .map(([location]) => location),
);

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (!resolved.url.startsWith("file:")) return resolved;
    const location = path.relative(root, fileURLToPath(resolved.url)).split(path.sep).join("/");
    const installed = /^(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+/.exec(location)?.[0];
    if (installed && developmentOnly.has(installed)) {
      throw new Error(
        `${installed.split("node_modules/").at(-1)} is a development dependency (not installed by npm ci --omit=dev)`,
      );
    }
    return resolved;
  },
});
