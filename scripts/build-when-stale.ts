import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtMarker = path.join(root, "build", "server.js");
const sources = [
  "app",
  "server",
  "server.ts",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function buildIsCurrent(): boolean {
  if (!existsSync(builtMarker)) return false;
  const builtAt = statSync(builtMarker).mtimeMs;
  return sources.every(
    (source) => !existsSync(path.join(root, source)) || newestChange(path.join(root, source)) <= builtAt,
  );
}

/** Builds the site when the sources are newer than the build (or there is none): for the development commands. */
export function buildWhenStale(): void {
  if (buildIsCurrent()) return;
  console.log("Building the site (first start or changed sources)…");
  execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
}
