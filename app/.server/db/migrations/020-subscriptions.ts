import { type Kysely, sql } from "kysely";
import { epochMillisType } from "../dialect.ts";

/**
 * Readers who follow the blog by e-mail (SPEC §15, decision 033): their addresses, pending
 * until they follow the link sent to them; how many left (no address kept); the mailings of
 * new posts and digests; which posts have been mailed, so none is mailed twice; the owners'
 * choice of each post, a weekly digest or none; and the outbox's priority, extra headers and
 * the mailing and subscriber a message belongs to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const millis = epochMillisType(db);
  await db.schema
    .createTable("subscribers")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("email", "varchar(254)", (col) => col.notNull().unique())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("tokenHash", "varchar(64)", (col) => col.unique())
    .addColumn("tokenExpiresAt", millis)
    .addColumn("createdAt", millis, (col) => col.notNull())
    .addColumn("confirmedAt", millis)
    .addColumn("bounces", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("subscribers_status_idx").on("subscribers").columns(["status", "id"]).execute();

  await db.schema
    .createTable("subscriberDepartures")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("leftAt", millis, (col) => col.notNull())
    .addColumn("reason", "varchar(16)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("subscriber_departures_idx")
    .on("subscriberDepartures")
    .column("leftAt")
    .execute();

  await db.schema
    .createTable("mailings")
    .addColumn("id", "varchar(32)", (col) => col.primaryKey())
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("subject", "varchar(200)", (col) => col.notNull())
    .addColumn("createdAt", millis, (col) => col.notNull())
    // The last subscriber (by id) whose message is written; null before the first batch.
    .addColumn("cursor", "varchar(32)")
    // When the next message may be sent: the mailing's pace (SUBSCRIBER_MAIL_PER_MINUTE).
    .addColumn("nextSlotAt", millis, (col) => col.notNull())
    .addColumn("finishedAt", millis)
    // A digest's Monday (Sydney date): one digest a week, whichever instance writes it.
    .addColumn("digestWeek", "varchar(10)", (col) => col.unique())
    .execute();

  await db.schema
    .createTable("postMailings")
    .addColumn("slug", "varchar(255)", (col) => col.primaryKey().references("posts.slug").onDelete("cascade"))
    // "mailed", "digest" (waits for the weekly digest), "not mailed" (the setting was off), "earlier".
    .addColumn("state", "varchar(16)", (col) => col.notNull())
    .addColumn("mailingId", "varchar(32)")
    .addColumn("at", millis, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("post_mailings_mailing_idx").on("postMailings").column("mailingId").execute();
  // Posts public before subscriptions existed are not news to anyone.
  await sql`insert into "postMailings" (slug, state, at)
    select slug, 'earlier', ${Date.now()} from posts
    where "firstPublishedOn" is not null or (status = 'published' and "publishedOn" <= ${Date.now()})`.execute(
    db,
  );

  await db.schema
    .alterTable("siteSettings")
    .addColumn("subscriptionMail", "varchar(16)", (col) => col.notNull().defaultTo("each"))
    .execute();

  await db.schema
    .alterTable("outbox")
    .addColumn("priority", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("outbox").addColumn("headers", "text").execute();
  await db.schema.alterTable("outbox").addColumn("mailingId", "varchar(32)").execute();
  await db.schema.alterTable("outbox").addColumn("subscriberId", "varchar(32)").execute();
  await db.schema
    .createIndex("outbox_priority_due_idx")
    .on("outbox")
    .columns(["status", "priority", "nextAttemptAt"])
    .execute();
  await db.schema.createIndex("outbox_mailing_idx").on("outbox").columns(["mailingId", "status"]).execute();
  await db.schema.createIndex("outbox_subscriber_idx").on("outbox").column("subscriberId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_subscriber_idx").execute();
  await db.schema.dropIndex("outbox_mailing_idx").execute();
  await db.schema.dropIndex("outbox_priority_due_idx").execute();
  for (const column of ["subscriberId", "mailingId", "headers", "priority"])
    await db.schema.alterTable("outbox").dropColumn(column).execute();
  await db.schema.alterTable("siteSettings").dropColumn("subscriptionMail").execute();
  await db.schema.dropTable("postMailings").execute();
  await db.schema.dropTable("mailings").execute();
  await db.schema.dropTable("subscriberDepartures").execute();
  await db.schema.dropTable("subscribers").execute();
}
