import type { Kysely } from "kysely";

// Portfolio videos as site content (issue 12): a title, a poster picture (a content image
// as JSON text: {src, alt, variants}, or null), a position that orders the home page's
// portfolio (smallest first; a new upload takes one below the smallest, so it goes on top),
// and whether the site shows it (1) or only the back office does (0). An integer rather than
// a boolean, so both dialects read the same number.

interface VideosBefore {
  videos: { id: string; created_at: string; position: number };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema
    .alterTable("videos")
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("videos").addColumn("poster", "text").execute();
  await db.schema
    .alterTable("videos")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("videos")
    .addColumn("visible", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  // The order the site showed until now: newest first.
  const typed = db as unknown as Kysely<VideosBefore>;
  const rows = await typed
    .selectFrom("videos")
    .select("id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const [position, row] of rows.entries()) {
    await typed.updateTable("videos").set({ position }).where("id", "=", row.id).execute();
  }
  await db.schema.createIndex("videos_position_idx").on("videos").column("position").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("videos_position_idx").execute();
  for (const column of ["visible", "position", "poster", "title"]) {
    await db.schema.alterTable("videos").dropColumn(column).execute();
  }
}
