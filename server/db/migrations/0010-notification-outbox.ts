import type { Kysely } from "kysely";

// The notification outbox (issue 10): one row per mail to send, written in the same
// transaction as what it is about (today: a new enquiry, mailed to NOTIFY_TO). A worker
// sends the due rows with retries, so a mail server that is down, or a process that
// restarts between the insert and the send, no longer loses the agency a lead.
//
// `next_attempt_at` is null once there is nothing more to do (sent, or given up): the
// worker's "due" query is `next_attempt_at <= now` with no lease held, which the partial
// index answers without reading the rows that are done. A claim (`claimed_by`,
// `claimed_until`) is a lease: an instance that dies mid-send leaves a lease that runs out,
// and the row is due again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notification_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    /**
     * The enquiry the mail is about. No foreign key, like the rest of the schema: deleting
     * an enquiry deletes its rows here in the same transaction (enquiries/repository.ts).
     */
    .addColumn("enquiry_id", "text", (c) => c.notNull())
    /** What to send: "enquiry_received". */
    .addColumn("kind", "text", (c) => c.notNull())
    /** Sends begun (a claim counts one, even if the instance died during it). */
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    /** When the row is due; null when sent or given up. */
    .addColumn("next_attempt_at", "text")
    /** The instance holding the row, and until when (a lease). */
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("sent_at", "text")
    /** When the worker stopped trying (after three days of failures). */
    .addColumn("given_up_at", "text")
    /** The last failure, short, without secrets; null after a success. */
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // One notification of a kind per enquiry; also how the detail page and a delete find rows.
  await db.schema
    .createIndex("notification_outbox_enquiry_idx")
    .unique()
    .on("notification_outbox")
    .columns(["enquiry_id", "kind"])
    .execute();
  // The worker's due query; rows that are done (sent, given up) are not in it.
  await db.schema
    .createIndex("notification_outbox_due_idx")
    .on("notification_outbox")
    .column("next_attempt_at")
    .where("next_attempt_at", "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notification_outbox").execute();
}
