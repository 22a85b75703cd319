import { execFileSync } from "node:child_process";

/** A commit hash or tag: nothing that needs escaping wherever it is shown. */
const commitPattern = /^[\w.-]{1,64}$/;

/**
 * The commit a build is made from, written into it by vite.config.ts: `COMMIT` or
 * `SOURCE_VERSION` when the builder sets one (a CI job, a platform building without the
 * repository), else the checkout's HEAD; undefined when neither is known.
 */
export function buildCommit(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  for (const name of ["COMMIT", "SOURCE_VERSION"]) {
    const given = env[name]?.trim();
    if (!given) continue;
    if (!commitPattern.test(given))
      throw new Error(
        `${name} must be a commit hash or tag (letters, digits, ".", "_", "-"), got "${given}"`,
      );
    return given;
  }
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}
