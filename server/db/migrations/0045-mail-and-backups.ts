import type { Kysely } from "kysely";

// Mail and backups from the back office (issue 50, items 2 and 3; decision 0050).
//
// - smtp_settings: one row ("smtp"), written the first time an owner saves the mail server
//   on the Mail screen. The password is encrypted with a key derived from the token secret
//   (server/modules/mail/settings.ts), never stored as typed. Without a row (or with
//   SMTP_URL in the environment, which wins) the environment's settings apply.
// - backup_settings: one row ("daily"): the daily backup on or off, its hour (Lagos time)
//   and how many days of archives are kept. Without a row it is off.
// - backup_runs: one row per scheduled day ("yyyy-mm-dd", Lagos): the claim that makes one
//   instance run it (the primary key), then its outcome, size and where the archive went.

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
  await db.schema
    .createTable("backup_settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hour", "integer", (c) => c.notNull())
    .addColumn("keep_days", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("backup_runs")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    /** running, ok or failed. */
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("bytes", "bigint")
    .addColumn("location", "text")
    .addColumn("error", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("backup_runs").execute();
  await db.schema.dropTable("backup_settings").execute();
  await db.schema.dropTable("smtp_settings").execute();
}
