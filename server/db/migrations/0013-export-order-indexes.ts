import type { Kysely } from "kysely";

// The order the back office lists and exports in (issue 28): newest first, created_at then
// id. The streamed exports read it a batch at a time, each batch starting after the last row
// of the one before; with these indexes each batch reads only its own rows.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("newsletter_subscribers_created_at_id_idx")
    .on("newsletter_subscribers")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("enquiries_created_at_id_idx")
    .on("enquiries")
    .columns(["created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("enquiries_created_at_id_idx").execute();
  await db.schema.dropIndex("newsletter_subscribers_created_at_id_idx").execute();
}
