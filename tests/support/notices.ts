import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Where this run's notices are marked as said: one folder per `npm test` (scripts/test.ts sets
 * WM_TEST_RUN for all its stages), or per vitest run (its workers share a parent).
 */
export const noticesFolder = path.join(
  tmpdir(),
  `wm-test-notices-${process.env.WM_TEST_RUN ?? process.ppid}`,
);

/** Says what cannot run on this machine once per run, not once per test file that notices it. */
export function noticeOnce(message: string): void {
  mkdirSync(noticesFolder, { recursive: true });
  try {
    const marker = path.join(noticesFolder, createHash("sha1").update(message).digest("hex"));
    writeFileSync(marker, "", { flag: "wx" });
  } catch {
    return;
  }
  console.warn(message);
}
