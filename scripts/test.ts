/**
 * `npm test`: the unit and integration tests, the build, then the end-to-end tests against it;
 * each stage's own report, then one total for the whole run. Stops at the first stage that
 * fails. Notices about what cannot run here (no PostgreSQL, no browser…) are printed once.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { assertionResults: { ancestorTitles: string[] }[] }[];
}

const reports = mkdtempSync(path.join(tmpdir(), "wm-test-"));
// Every stage says each notice of what cannot run here once for the whole run (tests/support/notices.ts).
process.env.WM_TEST_RUN = randomBytes(8).toString("hex");
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Database suites run on SQLite and PostgreSQL, named "… on sqlite" / "… on postgres". */
const sqliteSuites = new Set<string>();

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  return spawnSync(command, args, { stdio: "inherit", env }).status === 0;
}

function vitest(stage: string, configArgs: string[], env: NodeJS.ProcessEnv): boolean {
  const output = path.join(reports, `${stage}.json`);
  const ok = run(
    "npx",
    ["vitest", "run", ...configArgs, "--reporter=default", "--reporter=json", `--outputFile.json=${output}`],
    env,
  );
  try {
    const report = JSON.parse(readFileSync(output, "utf8")) as Report;
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults)
      for (const { ancestorTitles } of file.assertionResults) {
        const suite = ancestorTitles[0] ?? "";
        if (/\bsqlite\b/i.test(suite)) sqliteSuites.add(suite);
      }
  } catch {
    // No report: the stage failed before its tests ran, and said why above.
  }
  return ok;
}

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ok =
  vitest("unit", [], process.env) &&
  run("npx", ["react-router", "build"]) &&
  vitest("e2e", ["--config", "vitest.e2e.config.ts"], process.env);
rmSync(reports, { recursive: true, force: true });
rmSync(path.join(tmpdir(), `wm-test-notices-${process.env.WM_TEST_RUN}`), { recursive: true, force: true });

console.log("");
if (!withPostgres && sqliteSuites.size > 0)
  console.log(
    `PostgreSQL: ${sqliteSuites.size} database suites ran on SQLite only (set TEST_DATABASE_URL to run them on PostgreSQL too)`,
  );
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
