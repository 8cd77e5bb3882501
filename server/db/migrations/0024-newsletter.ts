import type { Kysely } from "kysely";

// The newsletter that goes out (issue 32, decision 0036).
//
// Subscribers gain a status (pending until the address confirms by double opt-in, confirmed,
// unsubscribed, bounced) and the record of their consent: when, on which page, the wording
// shown. Rows from before are confirmed: they signed up when no confirmation was asked.
//
// A send is one newsletter (a post, or a message written for the newsletter alone) to the
// confirmed subscribers of that moment; its deliveries are one row per recipient, written in
// the send's own transaction and mailed by a worker like the enquiry outbox's (a lease per
// claimed row, FOR UPDATE SKIP LOCKED on PostgreSQL). A confirmation mail is a delivery of
// kind "confirm" without a send. The settings hold the sending rate.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("confirmed"))
    .execute();
  /** When the status last changed (confirmed, unsubscribed, bounced); null: at created_at. */
  await db.schema.alterTable("newsletter_subscribers").addColumn("status_at", "text").execute();
  /** When consent was given: the sign-up (or, with double opt-in, the confirmation). */
  await db.schema.alterTable("newsletter_subscribers").addColumn("consent_at", "text").execute();
  /** Where: the path of the page whose form was used, "import", or "api". */
  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("consent_source", "text")
    .execute();
  /** The wording shown beside the form (or the import's consent column). */
  await db.schema.alterTable("newsletter_subscribers").addColumn("consent_text", "text").execute();
  /**
   * The nonce of the pending confirmation link (links.ts signs id + nonce): cleared when the
   * address confirms, so a link works once; replaced when a new link is mailed.
   */
  await db.schema.alterTable("newsletter_subscribers").addColumn("confirm_nonce", "text").execute();
  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("confirm_expires_at", "text")
    .execute();
  await db.schema
    .createIndex("newsletter_subscribers_status_idx")
    .on("newsletter_subscribers")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("newsletter_sends")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** The post sent; null for a message written for the newsletter alone. */
    .addColumn("post_id", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("preview_text", "text", (c) => c.notNull().defaultTo(""))
    /** The message's points as a JSON array in the post format; for a post, its points then. */
    .addColumn("body", "text", (c) => c.notNull())
    /** "sending" until every delivery is sent or failed, then "done". */
    .addColumn("state", "text", (c) => c.notNull())
    /** Recipients: the deliveries written with the send. */
    .addColumn("total", "integer", (c) => c.notNull())
    /** When the mails may go (a scheduled post: its publication time). */
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    /** The staff member who sent it; null once removed. */
    .addColumn("created_by", "text")
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("newsletter_sends_created_idx")
    .on("newsletter_sends")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("newsletter_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** "issue" (a send's mail) or "confirm" (a double opt-in link). */
    .addColumn("kind", "text", (c) => c.notNull())
    /** Null for a confirmation mail. */
    .addColumn("send_id", "text", (c) => c.references("newsletter_sends.id").onDelete("cascade"))
    .addColumn("subscriber_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    /** When it is due; null once sent or failed. */
    .addColumn("next_attempt_at", "text")
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("sent_at", "text")
    /** Given up: a permanent (5xx) refusal, or still failing after the retries. */
    .addColumn("failed_at", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // One mail per recipient per send (NULL send ids, the confirmations, are all distinct).
  await db.schema
    .createIndex("newsletter_deliveries_send_subscriber_idx")
    .on("newsletter_deliveries")
    .columns(["send_id", "subscriber_id"])
    .unique()
    .execute();
  // The worker's claim: only the rows still due are in the index.
  await db.schema
    .createIndex("newsletter_deliveries_due_idx")
    .on("newsletter_deliveries")
    .column("next_attempt_at")
    .where("next_attempt_at", "is not", null)
    .execute();
  // The rate: how many went in the last minute, across instances.
  await db.schema
    .createIndex("newsletter_deliveries_sent_idx")
    .on("newsletter_deliveries")
    .column("sent_at")
    .execute();

  await db.schema
    .createTable("newsletter_settings")
    /** Always "newsletter": the table holds one row, written the first time it is saved. */
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("rate_per_minute", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("newsletter_settings").execute();
  await db.schema.dropTable("newsletter_deliveries").execute();
  await db.schema.dropTable("newsletter_sends").execute();
  await db.schema.dropIndex("newsletter_subscribers_status_idx").execute();
  for (const column of [
    "confirm_expires_at",
    "confirm_nonce",
    "consent_text",
    "consent_source",
    "consent_at",
    "status_at",
    "status",
  ]) {
    await db.schema.alterTable("newsletter_subscribers").dropColumn(column).execute();
  }
}
