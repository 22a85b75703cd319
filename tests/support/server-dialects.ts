import { postgresAvailable } from "./databases.ts";
import { freshPostgresDatabase } from "./postgres.ts";

export interface ServerDialect {
  name: "sqlite" | "postgres";
  /** Environment for a server on a fresh database, and how to drop it afterwards. */
  prepare(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

const sqlite: ServerDialect = {
  name: "sqlite",
  async prepare() {
    return { env: {}, async dispose() {} };
  },
};

const postgres: ServerDialect = {
  name: "postgres",
  async prepare() {
    const fresh = await freshPostgresDatabase("e2e");
    return { env: { DATABASE_URL: fresh.url }, dispose: fresh.drop };
  },
};

export const serverDialects: ServerDialect[] = postgresAvailable ? [sqlite, postgres] : [sqlite];
