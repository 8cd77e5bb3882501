import { sql, type RawBuilder } from "kysely";
import { postPlainText } from "../../../common/post-format.ts";

/**
 * The blog's full-text search (migration 0012): the posts holding every word of the search,
 * each as a word or the start of one (`grow` finds "growth"), case folded, accents
 * significant, with neither stemming nor stop words, the same on SQLite (FTS5) and
 * PostgreSQL (tsvector, GIN index).
 *
 * What a visitor types is never handed to either engine's query syntax: it is cut into
 * words (runs of letters, digits and combining marks), and only those words, each quoted,
 * make the query, passed as a bound parameter. FTS5 operators (`"`, `*`, `NEAR`, `OR`,
 * `-`, `:`, `^`, parentheses) and tsquery ones (`&`, `|`, `!`, `<->`, `:*`, quotes) are
 * therefore either separators or plain words.
 */

/**
 * What the index reads of a post's points (`blogs.search_text`, migration 0020): their
 * words without the Markdown, so a link's text is found and its address is not.
 */
export const searchText = (content: string) => postPlainText(JSON.parse(content) as string[]);

/** Words beyond this many are ignored: a search stays a few index lookups. */
export const MAX_SEARCH_WORDS = 12;

/** The words of a search, lower case (NFC, as stored text is), at most MAX_SEARCH_WORDS. */
export function searchWords(text: string): string[] {
  const words =
    text
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** An FTS5 query: every word as a quoted prefix (`"grow"* "naira"*`). */
export const ftsQuery = (words: readonly string[]) =>
  words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(" ");

/** A tsquery: every word as a quoted prefix (`'grow':* & 'naira':*`). */
export const tsQuery = (words: readonly string[]) =>
  words.map((word) => `'${word.replaceAll("'", "''").replaceAll("\\", "\\\\")}':*`).join(" & ");

/**
 * The condition "this post (a row of `blogs`) holds every word", for the engine in use; the
 * PostgreSQL expression is the one migration 0020 indexes.
 */
export function matchesWords(
  dialect: "sqlite" | "postgres",
  words: readonly string[],
): RawBuilder<boolean> {
  if (dialect === "sqlite") {
    return sql<boolean>`blogs.id in (select id from blogs_fts where blogs_fts match ${ftsQuery(words)})`;
  }
  return sql<boolean>`(to_tsvector('simple', blogs.title) || to_tsvector('simple', blogs.search_text)) @@ to_tsquery('simple', ${tsQuery(words)})`;
}
