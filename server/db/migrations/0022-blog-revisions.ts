import type { Kysely } from "kysely";

// Post revisions (issue 30, decision 0034): each save of a post keeps a snapshot of its
// editable fields, the newest 30 per post. The foreign keys are deferred to the commit, so
// a backup restore, which fills the tables in name order (blog_revisions before blogs),
// may insert a revision before its post; deleting a post or a person acts at once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("blog_id", "text", (c) => c.notNull())
    /** When the snapshot was last written (a merged revision: its last save). */
    .addColumn("created_at", "text", (c) => c.notNull())
    /** When its first save was: later saves by the same person merge for 5 minutes. */
    .addColumn("started_at", "text", (c) => c.notNull())
    /** The staff member who saved; null once they are removed (or for the first baseline). */
    .addColumn("author_id", "text")
    /** "create", "update" or "restore". */
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    /** The points as a JSON array, as `blogs.content`. */
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("bg", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("seo_title", "text", (c) => c.notNull())
    .addColumn("seo_description", "text", (c) => c.notNull())
    .addColumn("image_alt", "text", (c) => c.notNull())
    /** The cover's storage key then (a restore keeps today's cover: decision 0034). */
    .addColumn("image_key", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("published_at", "text")
    .addForeignKeyConstraint("blog_revisions_blog_fk", ["blog_id"], "blogs", ["id"], (fk) =>
      fk.onDelete("cascade").deferrable().initiallyDeferred(),
    )
    .addForeignKeyConstraint("blog_revisions_author_fk", ["author_id"], "admins", ["id"], (fk) =>
      fk.onDelete("set null").deferrable().initiallyDeferred(),
    )
    .execute();
  await db.schema
    .createIndex("blog_revisions_blog_created_idx")
    .on("blog_revisions")
    .columns(["blog_id", "created_at"])
    .execute();
  // Deleting a person sets their revisions' author to null: found by this index.
  await db.schema
    .createIndex("blog_revisions_author_idx")
    .on("blog_revisions")
    .column("author_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_revisions").execute();
}
