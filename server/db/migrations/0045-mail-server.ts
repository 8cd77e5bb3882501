import type { Kysely } from "kysely";

// Mail from the back office (issue 50, item 2; decision 0050).
//
// - smtp_settings: one row ("smtp"), written the first time an owner saves the mail server
//   on the Mail screen. The password is encrypted with a key derived from the token secret
//   (server/modules/mail/settings.ts), never stored as typed. Without a row (or with
//   SMTP_URL in the environment, which wins) the environment's settings apply.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("smtp_settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host", "text", (c) => c.notNull())
    .addColumn("port", "integer", (c) => c.notNull())
    /** none, starttls or tls. */
    .addColumn("security", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    /** "v1:" + base64 of iv, tag and AES-256-GCM cipher text; "" when there is none. */
    .addColumn("password", "text", (c) => c.notNull())
    .addColumn("from_address", "text", (c) => c.notNull())
    .addColumn("notify_to", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("smtp_settings").execute();
}
