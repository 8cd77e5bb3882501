import type { Kysely } from "kysely";

// Old addresses keep working (issue 51, decision 0044).
//
// - redirects: from an address of this site (a path, with a query for WordPress's /?p=123)
//   to another (a path here or an http(s) address), 301 or 302, made by staff or by an
//   import. The server holds them all in memory: a page answer never reads this table.
//   Hits are counted in memory and added here every few seconds.
// - not_found: the addresses visitors asked for that answered 404, counted per address
//   (bots apart), for the Redirects screen's "Not found" list. Written every few seconds.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("redirects")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** The canonical path (lower case, no trailing slash) and its sorted query, if any. */
    .addColumn("from_path", "text", (c) => c.notNull().unique())
    .addColumn("to_path", "text", (c) => c.notNull())
    /** 301 (moved for good) or 302 (for now). */
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(301))
    .addColumn("hits", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_hit_at", "text")
    /** "staff", or "import" (made by an import). */
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("not_found")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bot_hits", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_seen_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("not_found_by_last_seen")
    .on("not_found")
    .columns(["last_seen_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("not_found").execute();
  await db.schema.dropTable("redirects").execute();
}
