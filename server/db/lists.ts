import { sql, type SelectQueryBuilder } from "kysely";
import type { Database } from "./schema.ts";

/** Rows read at a time when a whole list is streamed (an export, an unpaged list). */
export const STREAM_BATCH = 500;

/**
 * Every row of a list, `size` at a time, by keyset: `batch(after, size)` answers the rows
 * that come after `after` (undefined for the first batch) in the list's order. No OFFSET and
 * no connection held between batches, so memory holds one batch and the same SQL serves
 * SQLite and PostgreSQL. A row written meanwhile may be missed; none comes twice.
 */
export async function* inBatches<Row>(
  batch: (after: Row | undefined, size: number) => Promise<Row[]>,
  size = STREAM_BATCH,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await batch(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}

/**
 * The rows after (`at`, `id`) in an order by `atColumn` then `idColumn`, both descending: a
 * row-value comparison, which both engines answer from an index on (at, id).
 */
export const olderThan = (atColumn: string, idColumn: string, at?: string | null, id?: string) =>
  sql<boolean>`(${sql.ref(atColumn)}, ${sql.ref(idColumn)}) < (${at ?? null}, ${id ?? null})`;

/** Every row of `query`, newest first (created_at, then id), read in keyset batches. */
export function newestFirstInBatches<
  T extends "enquiries" | "newsletter_subscribers",
  O extends { id: string; created_at: string },
>(query: SelectQueryBuilder<Database, T, O>, size = STREAM_BATCH): AsyncGenerator<O[]> {
  return inBatches(
    (after, limit) =>
      query
        .$if(after !== undefined, (q) =>
          q.where(olderThan("created_at", "id", after?.created_at, after?.id)),
        )
        .orderBy(sql.ref("created_at"), "desc")
        .orderBy(sql.ref("id"), "desc")
        .limit(limit)
        .execute(),
    size,
  );
}

/**
 * `%text%` for LIKE with \\ as the escape character, so % and _ typed in a search are
 * literal. Case is folded by the database on both sides (lower(column) like lower(?)).
 * SQLite's lower() folds A-Z only, so there "ọlá" does not find "Ọlá"; PostgreSQL folds
 * every letter. The same text in the same case is found on both.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether a list request asks for one page (page or pageSize given); neither: the whole list. */
export const isPaged = (query: { page?: number; pageSize?: number }): boolean =>
  query.page !== undefined || query.pageSize !== undefined;

/** The LIMIT and OFFSET of page `page` (from 1) of `pageSize` rows. */
export const pageWindow = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});
