import type { Kysely } from "kysely";

// A post's version and who saved it last (issue 30, decision 0033): every update adds 1 to
// `version`, and the back office sends the version it opened, so a save made over someone
// else's newer one is refused (409) with their name instead of overwriting it. Posts written
// before this migration start at 1 with no last editor.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("blogs")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("blogs").addColumn("updated_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blogs").dropColumn("updated_by").execute();
  await db.schema.alterTable("blogs").dropColumn("version").execute();
}
