import type { Kysely } from "kysely";
import { epochMillisType } from "../dialect.ts";

/**
 * Mail and what causes it: the outbox (every message, written in the transaction of its
 * cause, then delivered by the sender), leasing enquiries, and the one-time links sent by
 * e-mail (password reset, address verification, address change), kept only as hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const millis = epochMillisType(db);
  await db.schema
    .createTable("outbox")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("kind", "varchar(32)", (col) => col.notNull())
    .addColumn("toAddress", "varchar(254)", (col) => col.notNull())
    .addColumn("replyTo", "varchar(254)")
    .addColumn("subject", "varchar(200)", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("html", "text", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", millis, (col) => col.notNull())
    .addColumn("leaseHolder", "varchar(32)")
    .addColumn("leaseExpiresAt", millis)
    .addColumn("lastError", "varchar(500)")
    .addColumn("createdAt", millis, (col) => col.notNull())
    .addColumn("sentAt", millis)
    .execute();
  await db.schema.createIndex("outboxDue").on("outbox").columns(["status", "nextAttemptAt"]).execute();

  await db.schema
    .createTable("enquiries")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("email", "varchar(254)", (col) => col.notNull())
    .addColumn("phone", "varchar(40)")
    .addColumn("company", "varchar(100)")
    .addColumn("lookingFor", "varchar(200)")
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull().defaultTo("new"))
    .addColumn("createdAt", millis, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("enquiriesCreated").on("enquiries").column("createdAt").execute();

  await db.schema
    .createTable("emailTokens")
    .addColumn("tokenHash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("purpose", "varchar(16)", (col) => col.notNull())
    .addColumn("userId", "varchar(64)", (col) => col.notNull())
    .addColumn("email", "varchar(254)", (col) => col.notNull())
    .addColumn("expiresAt", millis, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("emailTokensUser").on("emailTokens").columns(["userId", "purpose"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("emailTokens").execute();
  await db.schema.dropTable("enquiries").execute();
  await db.schema.dropTable("outbox").execute();
}
