import type { Migration, MigrationProvider } from "kysely/migration";
import * as posts from "./001-posts.ts";
import * as rateLimits from "./002-rate-limits.ts";

/** Every migration, in order; listed here so the bundler includes them. */
export const migrations: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return { "001-posts": posts, "002-rate-limits": rateLimits };
  },
};
