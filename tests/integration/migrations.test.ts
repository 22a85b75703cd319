import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MigrationProvider } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/.server/db/database.ts";
import { migrations } from "~/.server/db/migrations/index.ts";
import { dialects } from "../support/databases.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";

/** The migrations as a build made before the subscriptions feature was merged had them. */
const beforeSubscriptions: MigrationProvider = {
  async getMigrations() {
    const { "020-subscriptions": _later, ...rest } = await migrations.getMigrations();
    return rest;
  },
};

describe.each(dialects)("migrations merged out of order on $name", (dialect) => {
  it("applies one numbered below those a database already has, and only it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wm-migrations-"));
    const fresh = dialect.name === "postgres" ? await freshPostgresDatabase("order") : undefined;
    const db = fresh
      ? openDatabase({ kind: "postgres", url: fresh.url })
      : openDatabase({ kind: "sqlite", file: path.join(dir, "site.db") });
    try {
      const first = await migrateToLatest(db, beforeSubscriptions);
      expect(first).toContain("022-space-images");
      expect(first).not.toContain("020-subscriptions");
      expect(await migrateToLatest(db)).toEqual(["020-subscriptions"]);
      expect(await db.selectFrom("subscribers").selectAll().execute()).toEqual([]);
      expect(await migrateToLatest(db)).toEqual([]);
    } finally {
      await db.destroy();
      await fresh?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
