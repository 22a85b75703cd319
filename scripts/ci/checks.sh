#!/usr/bin/env bash
# The checks every CI runs once the machine is ready (.ci/run here, the GitHub Actions workflow
# there): lint, types, the tests, the storage suites with a bucket, the reliability suites.
set -euo pipefail
cd "$(dirname "$0")/../.."

npm run lint
npm run typecheck
npm test
# The end-to-end suites that store images and uploads once more, with an S3-compatible bucket.
TEST_STORAGE=s3 npx vitest run --config vitest.e2e.config.ts
# Reliability and security: the short variants (RELIABILITY_LONG=1 runs the long ones).
npm run test:reliability
