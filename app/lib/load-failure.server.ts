/**
 * Logs a read of a page's loader that failed, unless it failed because the database is away:
 * the database says that once when it goes and once when it is back (server/db/availability.ts),
 * so an outage is not one line per page view.
 */
export function logLoadFailure(what: string, error: unknown): void {
  if ((error as { name?: unknown } | null)?.name === "DatabaseUnavailable") return;
  console.error(`${what}:`, error);
}
