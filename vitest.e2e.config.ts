import { defineConfig } from "vitest/config";

/**
 * The suites that store images or uploads. TEST_STORAGE=s3 runs these once more with every
 * image and upload in an S3 bucket; the other suites never touch storage.
 */
const storageSuites = ["blog", "blog-http", "page-cache", "scale-out", "sitemap", "unused-images", "uploads"];

/** Drives the production build over HTTP and in Chromium; `npm test` builds first. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include:
      process.env.TEST_STORAGE === "s3"
        ? storageSuites.map((suite) => `tests/e2e/${suite}.test.ts`)
        : ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/support/storage-setup.ts"],
    setupFiles: ["tests/support/stop-servers.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time: each suite runs its own servers on their own ports, files and
    // databases, and most of a suite's time is spent waiting on them and on Chromium.
    maxWorkers: 2,
  },
});
