import type { Kysely } from "kysely";

// Tags of blog posts (issue 30, decision 0035): a tag is a name and its slug (unique: the
// address /blog/tag/{slug}); a post has at most ten. Removing a post or a tag removes its
// links. `blog_tags` is keyed by (blog_id, tag_id), so a post's tags are one index range;
// the index on tag_id serves a tag's posts (its page, its feed, related posts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tags")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("blog_tags")
    .addColumn("blog_id", "text", (c) => c.notNull().references("blogs.id").onDelete("cascade"))
    .addColumn("tag_id", "text", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("blog_tags_pk", ["blog_id", "tag_id"])
    .execute();
  await db.schema.createIndex("blog_tags_tag_idx").on("blog_tags").column("tag_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_tags").execute();
  await db.schema.dropTable("tags").execute();
}
