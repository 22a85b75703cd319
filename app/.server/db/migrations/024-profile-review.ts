import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/**
 * In review mode an author's profile (name, handle, bio) waits for an owner as posts do
 * (SPEC §6): the proposed profile, as JSON, beside the public one until an owner decides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("members").addColumn("pendingProfile", "text").execute();
  await db.schema.alterTable("members").addColumn("pendingSince", epochMillisType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("members").dropColumn("pendingSince").execute();
  await db.schema.alterTable("members").dropColumn("pendingProfile").execute();
}
