import { readdirSync, readFileSync } from "node:fs";

/** A process's state and parent as Linux's /proc shows them, or undefined once it is gone. */
function stat(pid: number): { state: string; parent: number } | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command's name, in parentheses, may hold spaces: the fields after it do not.
    const [state, parent] = line.slice(line.lastIndexOf(")") + 2).split(" ");
    return { state: state as string, parent: Number(parent) };
  } catch {
    return undefined;
  }
}

/** The processes `pid` started that it has not reaped: running, or exited and not yet waited for. */
export function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => stat(child)?.parent === pid);
}

/** Whether a process has exited (gone, or a zombie its parent has not waited for). */
export function exited(pid: number): boolean {
  const state = stat(pid)?.state;
  return state === undefined || state === "Z";
}
