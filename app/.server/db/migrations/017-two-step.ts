import type { Kysely } from "kysely";

/**
 * The site setting that asks every owner for two-step sign-in before the manage area. The
 * plugin's own table and the user's `twoFactorEnabled` column are better-auth's, created with
 * its other tables (accounts/auth.ts `prepareAuthTables`). An integer, 0 or 1: SQLite has no
 * booleans to bind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("siteSettings")
    .addColumn("ownersNeedTwoStep", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("siteSettings").dropColumn("ownersNeedTwoStep").execute();
}
