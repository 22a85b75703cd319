/**
 * The memory settings the server is measured with (decision 009): a young generation of
 * 2 MB, an old generation growing by a quarter after each full collection, and two malloc
 * arenas. All three can only be given when the process starts (V8 reads its flags, and glibc
 * its arena limit, once); `restart-with-memory-settings.ts` sees that the server has them.
 */
export const heapFlags = ["--max-semi-space-size=2", "--heap-growing-percent=25"];
export const mallocArenas = "2";

const flagName = (flag: string) => flag.split("=")[0]?.replaceAll("_", "-");

/** The heap flags neither the command line nor NODE_OPTIONS sets (a launcher's own values are kept). */
export function missingHeapFlags(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map(flagName));
  return heapFlags.filter((flag) => !given.has(flagName(flag)));
}
