import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Refusal } from "./failure.ts";

const run = promisify(execFile);

/** Runs pg_dump or pg_restore; a missing tool or its failure becomes one line saying so. */
export async function postgresTool(tool: "pg_dump" | "pg_restore", args: string[]): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new Refusal(
        `${tool} was not found: install the PostgreSQL client tools (the server's major version or newer)`,
      );
    }
    const reason = (failure.stderr ?? "").trim().split("\n").find(Boolean) ?? failure.message;
    throw new Refusal(`${tool} failed: ${reason}`);
  }
}
