import { defineConfig } from "vitest/config";

/**
 * Crash, load, hostile-input and access tests against the production build (build first).
 * Short variants by default; RELIABILITY_LONG=1 runs the long ones.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    setupFiles: ["tests/support/stop-servers.ts"],
    testTimeout: 600_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
