import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

// The counter's writes (issue 33, decision 0037): additive upserts, so that several
// instances on one database add their counts up instead of overwriting each other's.

/** A traffic_pages row's counts to add. */
export interface PageCounts {
  day: string;
  path: string;
  source: string;
  device: string;
  visitors: number;
  views: number;
}

/** A traffic_visitors row's counts to add. */
export interface VisitorCounts {
  day: string;
  source: string;
  campaign: string;
  device: string;
  visitors: number;
  views: number;
}

/**
 * Rows per statement: 6 values each, 6,000 parameters, well under SQLite's limit (32,766)
 * and PostgreSQL's (65,535).
 */
export const UPSERT_ROWS = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += UPSERT_ROWS) out.push(rows.slice(i, i + UPSERT_ROWS));
  return out;
}

/**
 * Adds `pages` and `visitors` to their rows in one transaction: all or nothing, so a
 * failed write can be tried again without counting anything twice. Answers the number of
 * statements it ran (the upserts).
 */
export async function addCounts(
  db: Kysely<Database>,
  pages: PageCounts[],
  visitors: VisitorCounts[],
): Promise<number> {
  if (pages.length === 0 && visitors.length === 0) return 0;
  const pageChunks = chunks(pages);
  const visitorChunks = chunks(visitors);
  await db.transaction().execute(async (trx) => {
    for (const rows of pageChunks) {
      await trx
        .insertInto("traffic_pages")
        .values(rows)
        .onConflict((oc) =>
          oc.columns(["day", "path", "source", "device"]).doUpdateSet((eb) => ({
            visitors: eb("traffic_pages.visitors", "+", eb.ref("excluded.visitors")),
            views: eb("traffic_pages.views", "+", eb.ref("excluded.views")),
          })),
        )
        .execute();
    }
    for (const rows of visitorChunks) {
      await trx
        .insertInto("traffic_visitors")
        .values(rows)
        .onConflict((oc) =>
          oc.columns(["day", "source", "campaign", "device"]).doUpdateSet((eb) => ({
            visitors: eb("traffic_visitors.visitors", "+", eb.ref("excluded.visitors")),
            views: eb("traffic_visitors.views", "+", eb.ref("excluded.views")),
          })),
        )
        .execute();
    }
  });
  return pageChunks.length + visitorChunks.length;
}
