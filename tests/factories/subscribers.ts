import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema.ts";

/**
 * Inserts `count` confirmed subscribers straight into the database, a thousand rows per
 * statement: subscriber i is `${prefix}${i}@example.com`. Answers their ids and addresses.
 */
export async function insertSubscribers(
  db: Kysely<Database>,
  count: number,
  prefix = "reader",
  status = "confirmed",
): Promise<{ id: string; email: string }[]> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    email: `${prefix}${index}@example.com`,
    created_at: now,
    status,
    status_at: now,
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto("newsletter_subscribers")
      .values(rows.slice(i, i + 1000))
      .execute();
  }
  return rows.map(({ id, email }) => ({ id, email }));
}
