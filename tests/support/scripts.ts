import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(import.meta.dirname, "..", "..");

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/<script> …args` with only the given settings (never a developer's .env). */
export async function runScript(
  script: string,
  env: Record<string, string>,
  ...args: string[]
): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [`scripts/${script}`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
