import type { Kysely } from "kysely";

// The agency's own marketing tags and the visitors' consent (issue 50, decision 0045).
//
// - marketing_tags: one row ("site"), written the first time an owner saves the Marketing
//   tags screen: the IDs as JSON. Without a row every tag is off (a fresh install loads none).
// - consent_records: each choice a visitor made on the consent notice (accepted or declined),
//   with the tags that were on and when: no address, no cookie, nothing that names them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("marketing_tags")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("consent_records")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** "accepted" or "declined". */
    .addColumn("choice", "text", (c) => c.notNull())
    /** The kinds of the tags that were on, comma-separated ("metaPixel,googleTag"). */
    .addColumn("tags", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("consent_records_created_at")
    .on("consent_records")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("consent_records").execute();
  await db.schema.dropTable("marketing_tags").execute();
}
