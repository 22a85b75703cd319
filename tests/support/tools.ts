import { execFileSync } from "node:child_process";

/** Whether a command-line tool the tests need is installed: it runs and exits 0 with these arguments. */
export function toolRuns(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
