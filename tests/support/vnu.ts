import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { noticeOnce } from "./notices.ts";
import { toolRuns } from "./tools.ts";

const require = createRequire(import.meta.url);
const jar = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");

export const nuCheckerAvailable = existsSync(jar) && toolRuns("java", ["-version"]);

if (!nuCheckerAvailable) {
  const message =
    "The Nu HTML Checker needs Java: install it (Debian: apt-get install default-jre-headless).";
  if (process.env.CI) throw new Error(message);
  noticeOnce(`${message} Skipping HTML validation.`);
}

/**
 * Errors the Nu HTML Checker finds in these files, one line each ("file: message"). A checker
 * that fails to run (a crash, a bad file, no memory) is an error, never a clean result.
 */
export function htmlErrors(files: string[]): string[] {
  const run = spawnSync(
    "java",
    ["-jar", jar, "--errors-only", "--exit-zero-always", "--format", "gnu", ...files],
    {
      encoding: "utf8",
    },
  );
  if (run.error || run.status !== 0) {
    throw new Error(
      `the Nu HTML Checker did not run (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr}`,
    );
  }
  return run.stderr.split("\n").filter((line) => line.includes("error"));
}
