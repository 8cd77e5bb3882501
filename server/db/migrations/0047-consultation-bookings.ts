import type { Kysely } from "kysely";

// Free consultations booked into real slots (issue 52, item 4; decision 0052). A booking is
// a row beside the enquiry it made (the inbox and the pipeline show that enquiry as they
// show any contact-page enquiry). `held_start` is the start while the booking holds its
// slot and null once cancelled: its unique index is what keeps two visitors, on any number
// of instances, from one slot (both engines allow many nulls in a unique index).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("enquiry_id", "text", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("held_start", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("booked"))
    // Raised by each reschedule: the invitation's SEQUENCE and its mails' outbox subject.
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("bookings_held_start_idx")
    .unique()
    .on("bookings")
    .columns(["held_start"])
    .execute();
  await db.schema
    .createIndex("bookings_starts_idx")
    .on("bookings")
    .columns(["starts_at"])
    .execute();
  await db.schema
    .createIndex("bookings_enquiry_idx")
    .on("bookings")
    .columns(["enquiry_id"])
    .execute();
  // The visitor's links to reschedule or cancel: only the SHA-256 of the token is kept; each
  // works once and until the booking's start.
  await db.schema
    .createTable("booking_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("booking_links_booking_idx")
    .on("booking_links")
    .columns(["booking_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("booking_links").ifExists().execute();
  await db.schema.dropTable("bookings").ifExists().execute();
}
