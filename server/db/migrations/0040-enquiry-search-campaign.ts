import { sql, SqliteAdapter, type Kysely } from "kysely";
import {
  createSqliteSearch,
  createTrigramIndexes,
  dropSqliteSearch,
  ENQUIRY_SEARCH_COLUMNS as BEFORE,
} from "./0014-enquiry-inbox-indexes.ts";

// The inbox search finds a UTM campaign too (issue 52, item 5): SQLite's trigram table is
// made again with `utm_campaign` (and filled from the rows), PostgreSQL gets one more
// pg_trgm index. server/modules/enquiries/search.ts reads the columns here.

/** The columns the inbox search looks in. */
export const ENQUIRY_SEARCH_COLUMNS = [...BEFORE, "utm_campaign"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await dropSqliteSearch(db);
    await createSqliteSearch(db, ENQUIRY_SEARCH_COLUMNS);
  } else {
    await createTrigramIndexes(db, ["utm_campaign"]);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await dropSqliteSearch(db);
    await createSqliteSearch(db, BEFORE);
  } else {
    await sql`drop index if exists enquiries_utm_campaign_trgm_idx`.execute(db);
  }
}
