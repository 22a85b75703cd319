import type { Kysely } from "kysely";
import { dialectOf, epochMillisType } from "../dialect.ts";

/**
 * What the site knows of an account beyond better-auth's tables (role, suspension, profile),
 * the site's settings (one row, also the lock that serialises changes to who is an owner),
 * and the owners' activity log. Accounts without a member row are authors with no profile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const millis = epochMillisType(db);
  await db.schema
    .createTable("members")
    .addColumn("userId", "varchar(255)", (col) => col.primaryKey())
    .addColumn("role", "varchar(16)", (col) => col.notNull().defaultTo("author"))
    .addColumn("suspendedAt", millis)
    .addColumn("lastSignInAt", millis)
    .addColumn("displayName", "varchar(255)")
    .addColumn("handle", "varchar(64)", (col) => col.unique())
    .addColumn("bio", "text")
    .execute();
  await db.schema.createIndex("members_role").on("members").column("role").execute();
  await db.schema
    .createTable("siteSettings")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("registration", "varchar(16)", (col) => col.notNull())
    .addColumn("publishing", "varchar(16)", (col) => col.notNull())
    .execute();
  await (db as Kysely<{ siteSettings: { id: number; registration: string; publishing: string } }>)
    .insertInto("siteSettings")
    .values({ id: 1, registration: "open", publishing: "immediate" })
    .execute();
  await db.schema
    .createTable("activity")
    .addColumn("id", dialectOf(db) === "postgres" ? "bigserial" : "integer", (col) =>
      dialectOf(db) === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("at", millis, (col) => col.notNull())
    .addColumn("actorId", "varchar(255)", (col) => col.notNull())
    .addColumn("actorEmail", "varchar(320)", (col) => col.notNull())
    .addColumn("action", "varchar(32)", (col) => col.notNull())
    .addColumn("target", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("activity").execute();
  await db.schema.dropTable("siteSettings").execute();
  await db.schema.dropTable("members").execute();
}
