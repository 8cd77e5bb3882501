import type { Kysely } from "kysely";

// Where a lead came from: the page an enquiry was sent from, the external referrer host and
// the UTM parameters of the visit. Nullable text on both dialects; older enquiries have none.

export const LEAD_SOURCE_COLUMNS = [
  "source_page",
  "source_referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of LEAD_SOURCE_COLUMNS) {
    await db.schema.alterTable("enquiries").addColumn(column, "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...LEAD_SOURCE_COLUMNS].reverse()) {
    await db.schema.alterTable("enquiries").dropColumn(column).execute();
  }
}
