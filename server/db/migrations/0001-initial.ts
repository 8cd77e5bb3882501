import type { Kysely } from "kysely";

// One migration set for SQLite and PostgreSQL: text UUID keys, ISO timestamps as
// text, JSON as text. Nothing here may use a dialect-only type.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admins")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("blogs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("bg", "text", (c) => c.notNull())
    .addColumn("image_key", "text")
    .addColumn("image_width", "integer")
    .addColumn("image_height", "integer")
    .addColumn("image_variant_widths", "text")
    .addColumn("duration", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blogs_created_at_idx").on("blogs").column("created_at").execute();

  await db.schema
    .createTable("enquiries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone_number", "text", (c) => c.notNull())
    .addColumn("options", "text", (c) => c.notNull())
    .addColumn("service_type", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("package", "text", (c) => c.notNull())
    .addColumn("instagram", "text", (c) => c.notNull())
    .addColumn("website", "text", (c) => c.notNull())
    .addColumn("preferred_date", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("enquiries_created_at_idx")
    .on("enquiries")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("enquiries_status_created_at_idx")
    .on("enquiries")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("prices")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("videos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("public_id", "text", (c) => c.notNull().unique())
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "bigint", (c) => c.notNull())
    .addColumn("youtube_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("videos_created_at_idx").on("videos").column("created_at").execute();

  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_attempts_email_ip_idx")
    .on("login_attempts")
    .columns(["email", "ip", "attempted_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "login_attempts",
    "newsletter_subscribers",
    "videos",
    "prices",
    "enquiries",
    "blogs",
    "admins",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
