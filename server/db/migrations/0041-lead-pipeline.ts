import type { Kysely } from "kysely";

// The lead pipeline (issue 52, item 1): what the agency adds to an enquiry (owner, stage,
// value, follow-up date, the lost reason), one row per enquiry once staff touch it (no row
// is stage "new", nobody's), and the notes staff write on it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("leads")
    .addColumn("enquiry_id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text")
    .addColumn("stage", "text", (c) => c.notNull().defaultTo("new"))
    .addColumn("lost_reason", "text")
    .addColumn("value", "bigint")
    .addColumn("follow_up_on", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("leads_stage_idx").on("leads").columns(["stage"]).execute();
  await db.schema.createIndex("leads_owner_idx").on("leads").columns(["owner_id"]).execute();
  await db.schema
    .createIndex("leads_follow_up_idx")
    .on("leads")
    .columns(["follow_up_on"])
    .execute();
  await db.schema
    .createTable("lead_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("enquiry_id", "text", (c) => c.notNull())
    .addColumn("author_id", "text")
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_notes_enquiry_idx")
    .on("lead_notes")
    .columns(["enquiry_id", "created_at"])
    .execute();
  // Replies sent from the inbox (item 3): mailed through the notification outbox, whose row
  // (subject_id = the reply's id) says whether it went.
  await db.schema
    .createTable("lead_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("enquiry_id", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_replies_enquiry_idx")
    .on("lead_replies")
    .columns(["enquiry_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lead_replies").ifExists().execute();
  await db.schema.dropTable("lead_notes").ifExists().execute();
  await db.schema.dropTable("leads").ifExists().execute();
}
