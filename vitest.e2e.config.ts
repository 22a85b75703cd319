import { defineConfig } from "vitest/config";

/** Drives the production build over HTTP and in Chromium; `npm test` builds first. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
