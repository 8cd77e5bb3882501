import type { Kysely } from "kysely";

// Mails a visitor can make the site send to an address they type (issue 46, decision 0041):
// a newsletter confirmation, an enquiry's auto-reply. One row per such mail, kept a day, so
// that one address gets at most a few a day, however many networks ask (the per-IP limits
// count requests, not whom they mail). The address is kept only as a keyed hash.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("address_mail_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** What was mailed: "newsletter-confirm", "auto-reply". */
    .addColumn("kind", "text", (c) => c.notNull())
    /** HMAC-SHA256 of the lower-case address under the site's token secret, hex. */
    .addColumn("address_key", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("address_mail_log_key_idx")
    .on("address_mail_log")
    .columns(["kind", "address_key", "sent_at"])
    .execute();
  await db.schema
    .createIndex("address_mail_log_sent_idx")
    .on("address_mail_log")
    .column("sent_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("address_mail_log").execute();
}
