/**
 * The memory settings the server is measured with (decisions 009 and 040): a young
 * generation of 2 MB, an old generation growing by a quarter after each full collection, a
 * collection the server can ask for (after an image, `collectAfterImage`), two malloc arenas,
 * and large allocations always given back to the system when freed. All of them can only be
 * given when the process starts (V8 reads its flags, and glibc its environment, once);
 * `restart-with-memory-settings.ts` sees that the server has them.
 */
export const heapFlags = ["--max-semi-space-size=2", "--heap-growing-percent=25", "--expose-gc"];
export const mallocSettings = {
  MALLOC_ARENA_MAX: "2",
  // A fixed threshold: glibc otherwise raises it after each large free, up to 32 MB, and an
  // image's buffers then stay in the heap, resident, once freed.
  MALLOC_MMAP_THRESHOLD_: "32768",
};

const flagName = (flag: string) => flag.split("=")[0]?.replaceAll("_", "-");

/** The heap flags neither the command line nor NODE_OPTIONS sets (a launcher's own values are kept). */
export function missingHeapFlags(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map(flagName));
  return heapFlags.filter((flag) => !given.has(flagName(flag)));
}

/** The malloc settings the environment lacks, with their values (a launcher's own are kept). */
export function missingMallocSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(mallocSettings).filter(([name]) => env[name] === undefined));
}
