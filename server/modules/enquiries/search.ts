import { sql, type RawBuilder } from "kysely";
import { containsPattern } from "../../db/lists.ts";
import { ENQUIRY_SEARCH_TABLE } from "../../db/migrations/0014-enquiry-inbox-indexes.ts";
import { ENQUIRY_SEARCH_COLUMNS as SEARCHED } from "../../db/migrations/0040-enquiry-search-campaign.ts";

/** The shortest search SQLite's trigram index answers; a shorter one reads the table. */
const TRIGRAM = 3;

/**
 * The inbox search (migrations 0014 and 0040): enquiries whose name, e-mail, company, message
 * or UTM campaign contains `text`, case folded, `%` and `_` literal.
 *
 * SQLite: a search of three characters or more is one quoted phrase for the trigram index
 * (a bound parameter; `"` doubled, so nothing typed is FTS5 syntax); a shorter one, and
 * PostgreSQL (whose pg_trgm indexes serve this very expression), use LIKE on lower().
 * SQLite's trigram index folds every letter's case ("ọlá" finds "Ọlá"), as PostgreSQL's
 * lower() does; its lower() in the short search folds A-Z only.
 */
export function matchesSearch(dialect: "sqlite" | "postgres", text: string): RawBuilder<boolean> {
  if (dialect === "sqlite" && [...text].length >= TRIGRAM) {
    const phrase = `"${text.replaceAll('"', '""')}"`;
    return sql<boolean>`enquiries.rowid in (select rowid from ${sql.table(ENQUIRY_SEARCH_TABLE)} where ${sql.table(ENQUIRY_SEARCH_TABLE)} match ${phrase})`;
  }
  const pattern = sql`lower(${containsPattern(text)})`;
  const matches = SEARCHED.map(
    (column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
  );
  return sql<boolean>`(${sql.join(matches, sql` or `)})`;
}
