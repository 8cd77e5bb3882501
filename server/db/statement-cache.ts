import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** Statements kept at most: the site's queries are a few dozen shapes. */
export const KEPT_STATEMENTS = 500;

/**
 * better-sqlite3 for Kysely's SqliteDialect, with each SQL text prepared once. Kysely
 * prepares every query again, and preparing cost more than half of running a one-row select
 * of the blogs table (23 µs against 35–43 µs on the 2-core bench machine).
 * A statement that is being iterated (a streamed select) is busy: a second use of its SQL
 * then gets a statement of its own. SQLite prepares a kept statement again by itself after
 * a schema change. At most `kept` statements are kept; the oldest goes first.
 */
export function withStatementCache(
  database: BetterSqlite3.Database,
  kept = KEPT_STATEMENTS,
): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const known = statements.get(sql);
      if (known !== undefined && !known.busy) return known;
      const statement = database.prepare(sql);
      if (known === undefined) {
        if (statements.size >= kept) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
