import type { Kysely } from "kysely";

// Who made a post's private preview link (issue 27): a link ends with the authority of the
// person who made it, so removing someone also ends the preview links they handed out.
// Null for links made before this migration and for posts without a link.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blogs").addColumn("preview_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blogs").dropColumn("preview_by").execute();
}
