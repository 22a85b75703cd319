import { defineConfig } from "vitest/config";

/** Drives the production build over HTTP and in Chromium; `npm test` builds first. TEST_STORAGE=s3 runs it all on an S3 bucket. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/support/storage-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
