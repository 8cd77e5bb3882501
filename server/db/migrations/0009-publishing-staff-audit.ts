import type { Kysely } from "kysely";
import { slugify, uniqueSlug } from "../../../common/slug.ts";

// Publishing, staff and audit (issue 13).
//
// Posts get a workflow: `status` draft | scheduled | published, `published_at` (when the post
// became or becomes public; existing posts: their creation time), a unique readable `slug`,
// an `excerpt` and SEO title/description ("" means the defaults: the 15-word teaser and the
// title), the cover's alt text, the author (an admin id, null when unknown or removed) and a
// `preview_token` for a draft's private preview link (null when there is none).
//
// Admins get a role (owner: everything; editor: content, posts, enquiries, not accounts) and
// a display name. Existing admins are owners. `admin_tokens` holds single-use links (password
// resets and invitations) by the SHA-256 of the token; `audit_log` records every back-office
// write: who, when, what, and a JSON summary of before and after.

interface BlogsBefore {
  blogs: { id: string; title: string; created_at: string; slug: string; published_at: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const text = (table: string, column: string, fallback?: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, "text", (c) =>
        fallback === undefined ? c : c.notNull().defaultTo(fallback),
      )
      .execute();
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await text("blogs", "slug", "");
  await text("blogs", "status", "published");
  await text("blogs", "published_at");
  await text("blogs", "excerpt", "");
  await text("blogs", "seo_title", "");
  await text("blogs", "seo_description", "");
  await text("blogs", "image_alt", "");
  await text("blogs", "author_id");
  await text("blogs", "preview_token");

  const typed = db as unknown as Kysely<BlogsBefore>;
  const rows = await typed
    .selectFrom("blogs")
    .select(["id", "title", "created_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const taken = new Set<string>();
  for (const row of rows) {
    const slug = uniqueSlug(slugify(row.title), (candidate) => taken.has(candidate));
    taken.add(slug);
    await typed
      .updateTable("blogs")
      .set({ slug, published_at: row.created_at })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema.createIndex("blogs_slug_idx").unique().on("blogs").column("slug").execute();
  await db.schema
    .createIndex("blogs_status_published_idx")
    .on("blogs")
    .columns(["status", "published_at"])
    .execute();
  await db.schema
    .createIndex("blogs_preview_token_idx")
    .on("blogs")
    .column("preview_token")
    .execute();

  await text("admins", "role", "owner");
  await text("admins", "name", "");

  await db.schema
    .createTable("admin_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** "reset" or "invite". */
    .addColumn("purpose", "text", (c) => c.notNull())
    /** SHA-256 (hex) of the token in the link: the link itself is never stored. */
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    /** The account a reset is for; null for an invitation. */
    .addColumn("admin_id", "text")
    /** The role an invitation gives; null for a reset. */
    .addColumn("role", "text")
    .addColumn("created_by", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("admin_tokens_email_idx")
    .on("admin_tokens")
    .columns(["email", "purpose"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    /** Null when the account has since been removed; the e-mail stays on record. */
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text", (c) => c.notNull())
    /** "create", "update", "delete", or a named act ("publish", "invite", "reorder"…). */
    .addColumn("action", "text", (c) => c.notNull())
    /** What was written: "blog", "price", "video", "enquiry", "content:offers", "admin"… */
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    /** JSON {before, after}: the fields that changed, long values cut. */
    .addColumn("summary", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  await db.schema
    .createIndex("audit_log_actor_idx")
    .on("audit_log")
    .columns(["actor_email", "at"])
    .execute();
  await db.schema
    .createIndex("audit_log_type_idx")
    .on("audit_log")
    .columns(["entity_type", "at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("admin_tokens").execute();
  for (const column of ["name", "role"]) {
    await db.schema.alterTable("admins").dropColumn(column).execute();
  }
  for (const index of ["blogs_preview_token_idx", "blogs_status_published_idx", "blogs_slug_idx"]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [
    "preview_token",
    "author_id",
    "image_alt",
    "seo_description",
    "seo_title",
    "excerpt",
    "published_at",
    "status",
    "slug",
  ]) {
    await db.schema.alterTable("blogs").dropColumn(column).execute();
  }
}
