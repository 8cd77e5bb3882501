import type { Kysely } from "kysely";

// The author role (issue 50, item 4; decision 0051): an author's post goes to review.
// `admins.role` is text already and takes "author" as it is. A post in review keeps who
// submitted it and when; an editor who sends it back to draft leaves a note for its author.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blogs").addColumn("submitted_by", "text").execute();
  await db.schema.alterTable("blogs").addColumn("submitted_at", "text").execute();
  await db.schema.alterTable("blogs").addColumn("review_note", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blogs").dropColumn("review_note").execute();
  await db.schema.alterTable("blogs").dropColumn("submitted_at").execute();
  await db.schema.alterTable("blogs").dropColumn("submitted_by").execute();
}
