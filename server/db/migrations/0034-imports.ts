import type { Kysely } from "kysely";

// Moving in from WordPress or Ghost (issue 51, decision 0044).
//
// - imports: one upload of an export file and its job: its state (reading → ready →
//   running → done, or failed), what the file holds (counts), the owner's choices, the
//   progress, and the lease of the instance that runs it (a restart goes on where it stopped).
// - import_items: every post, page and attachment of the file, read once from the stream and
//   kept here (the file itself is deleted once read), each with its outcome once handled:
//   imported, updated or skipped, the reason, the notes of what could not be kept, and its
//   new address. `data` (what the file said) is emptied once the item is handled.
// - import_links: which post or page an item of an old site became, keyed by the site and
//   the item's id there: importing the same file again updates them, never duplicates.
// - imported_pictures: each picture fetched, by its old address: the post format's picture
//   it became, so a picture named by several posts, or by the same file again, is fetched once.
// - blogs.byline: the author's name of an imported post (not a staff account).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("imports")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** "wordpress" or "ghost". */
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_bytes", "integer", (c) => c.notNull().defaultTo(0))
    /** reading, ready, running, done, failed. */
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("error", "text")
    /** The old site's title and address, from the file. */
    .addColumn("site_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("site_url", "text", (c) => c.notNull().defaultTo(""))
    /** JSON: the hosts pictures may be fetched from (the site's and its media library's). */
    .addColumn("picture_hosts", "text", (c) => c.notNull().defaultTo("[]"))
    /** JSON: what the file holds (posts, pages, attachments, categories, tags, authors, statuses). */
    .addColumn("counts", "text", (c) => c.notNull().defaultTo("{}"))
    /** JSON: the owner's choices (statuses, pictures), once started. */
    .addColumn("choices", "text")
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    /** Which instance runs the job, until when (renewed while it works). */
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .execute();
  await db.schema.createIndex("imports_by_state").on("imports").columns(["state"]).execute();

  await db.schema
    .createTable("import_items")
    .addColumn("import_id", "text", (c) => c.notNull().references("imports.id").onDelete("cascade"))
    /** Its place in the file. */
    .addColumn("seq", "integer", (c) => c.notNull())
    /** post, page, attachment, or other (menu items, custom types: skipped). */
    .addColumn("kind", "text", (c) => c.notNull())
    /** Its id on the old site (WordPress post id, Ghost id). */
    .addColumn("source_id", "text", (c) => c.notNull())
    /** The old id of its parent (an attachment's post, a page's parent page), "" for none. */
    .addColumn("parent_id", "text", (c) => c.notNull().defaultTo(""))
    /** Its status there: publish, draft, future, private… */
    .addColumn("source_status", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    /** JSON: what the file says of it; null once handled. */
    .addColumn("data", "text")
    /** imported, updated, skipped; null until handled. */
    .addColumn("outcome", "text")
    .addColumn("reason", "text")
    /** JSON array of what could not be kept as it was. */
    .addColumn("notes", "text")
    /** Its new address. */
    .addColumn("target", "text")
    .addPrimaryKeyConstraint("import_items_pk", ["import_id", "seq"])
    .execute();
  await db.schema
    .createIndex("import_items_by_source")
    .on("import_items")
    .columns(["import_id", "kind", "source_id"])
    .execute();
  await db.schema
    .createIndex("import_items_by_parent")
    .on("import_items")
    .columns(["import_id", "kind", "parent_id"])
    .execute();

  await db.schema
    .createTable("import_links")
    /** "<kind>:<old site>:<old id>", e.g. "post:https://old.example.com:123". */
    .addColumn("source_key", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    /** The id of the post or page it became. */
    .addColumn("target_id", "text", (c) => c.notNull())
    /** The old address of the cover it got, to know whether it changed. */
    .addColumn("cover_source", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("imported_pictures")
    .addColumn("source_url", "text", (c) => c.primaryKey())
    /** The post format's picture address (/media/posts/…). */
    .addColumn("src", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("blogs").addColumn("byline", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blogs").dropColumn("byline").execute();
  await db.schema.dropTable("imported_pictures").execute();
  await db.schema.dropTable("import_links").execute();
  await db.schema.dropTable("import_items").execute();
  await db.schema.dropTable("imports").execute();
}
