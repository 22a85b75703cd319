import { describe, expect, it } from "vitest";
import {
  heapFlags,
  mallocSettings,
  missingHeapFlags,
  missingMallocSettings,
} from "../../server/memory-settings.ts";

describe("the heap flags a server still needs", () => {
  it("are all of them for a bare `node build/server.js`", () => {
    expect(missingHeapFlags([], undefined)).toEqual(heapFlags);
  });

  it("leave out those the command line or NODE_OPTIONS set, however spelt", () => {
    expect(missingHeapFlags(["--max_semi_space_size=16", "--env-file-if-exists=.env"])).toEqual([
      "--heap-growing-percent=25",
      "--expose-gc",
    ]);
    expect(
      missingHeapFlags(["--heap-growing-percent=50"], "--max-semi-space-size=8 --no-warnings --expose_gc"),
    ).toEqual([]);
  });
});

describe("the malloc settings a server still needs", () => {
  it("are all of them in an environment without any", () => {
    expect(missingMallocSettings({ PATH: "/bin" })).toEqual(mallocSettings);
  });

  it("leave out those the environment sets", () => {
    expect(missingMallocSettings({ MALLOC_ARENA_MAX: "4" })).toEqual({ MALLOC_MMAP_THRESHOLD_: "32768" });
  });
});
