import { describe, expect, it } from "vitest";
import { postgresAvailable } from "../support/databases.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { type RunningServer, startServer } from "../support/server.ts";

const rounds = 10;
const instances = 3;

/**
 * A deploy or a scale-up on a new database: several instances start at the same moment and
 * each brings the schema up to date. They must take turns (decision 019): every one comes up.
 */
describe.runIf(postgresAvailable)("instances started together on a fresh PostgreSQL database", () => {
  it(`all come up, ${rounds} times over`, async () => {
    const failures: string[] = [];
    for (let round = 1; round <= rounds; round++) {
      const database = await freshPostgresDatabase("start");
      const starting = Array.from({ length: instances }, () =>
        startServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: "1" }),
      );
      const results = await Promise.allSettled(starting);
      const running = results
        .filter((result): result is PromiseFulfilledResult<RunningServer> => result.status === "fulfilled")
        .map((result) => result.value);
      try {
        for (const result of results) {
          if (result.status === "rejected")
            failures.push(`round ${round}: ${String(result.reason).slice(0, 400)}`);
        }
        for (const server of running) {
          const health = await fetch(`${server.url}/healthz`);
          if (health.status !== 200) failures.push(`round ${round}: /healthz answered ${health.status}`);
        }
      } finally {
        await Promise.all(running.map((server) => server.stop()));
        await database.drop();
      }
    }
    console.log(`${rounds * instances - failures.length} of ${rounds * instances} instances came up`);
    expect(failures).toEqual([]);
  });
});
