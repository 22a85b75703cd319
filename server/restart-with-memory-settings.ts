/**
 * Imported first by the built server's entry (`server/start.ts`, built as `build/server.js`)
 * and by server.ts, so that the server has its memory settings whatever launches it (npm,
 * systemd, a container, a platform's start command): started without them, the process
 * replaces itself once with the same command plus what was missing (`process.execve`: same
 * process id, same standard streams, no second process), before any library is loaded.
 */
import { isMainThread } from "node:worker_threads";
import { missingHeapFlags, missingMallocSettings } from "./memory-settings.ts";

/** The command line's options but the env-file ones: what they read is in the environment passed on. */
function withoutEnvFiles(execArgv: readonly string[]): string[] {
  const envFileOption = /^--env-file(-if-exists)?(=|$)/;
  const takesNextValue = /^--env-file(-if-exists)?$/;
  return execArgv.filter(
    (arg, index) => !envFileOption.test(arg) && !takesNextValue.test(execArgv[index - 1] ?? ""),
  );
}

const missing = missingHeapFlags(process.execArgv, process.env.NODE_OPTIONS);
const mallocMissing = missingMallocSettings(process.env);
// Threads share the process's settings; execve is not on Windows, where the server runs as started.
if (isMainThread && (missing.length > 0 || Object.keys(mallocMissing).length > 0) && process.execve) {
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...withoutEnvFiles(process.execArgv), ...process.argv.slice(1)],
    { ...process.env, ...mallocMissing },
  );
}
