import { execFile } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..", "..");

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/backup.ts or scripts/restore.ts as `npm run` would, with only the given settings. */
export function runBackupScript(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join("scripts", `${script}.ts`), ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? "", ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
