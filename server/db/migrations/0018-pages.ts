import type { Kysely } from "kysely";

// Pages staff make (issue 29, decision 0030): Terms of Service, Careers… served at /{slug}.
// The body is in the post format (lines: "#" a heading, "*" a bullet, else a paragraph);
// `image` is the share picture as JSON (common/schemas/content.ts contentImageSchema) or
// null; "" search fields mean the defaults (the title, the body's first paragraph).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("seo_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("author_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pages_status_idx").on("pages").column("status").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pages").execute();
}
