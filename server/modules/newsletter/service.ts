import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Subscriber } from "../../../common/schemas/newsletter.ts";
import type { Database, NewsletterSubscribersTable } from "../../db/schema.ts";
import { stripNul } from "../../db/strip-nul-plugin.ts";
import { NotFound } from "../../errors.ts";
import { toCsv } from "../../lib/csv.ts";
import { containsPattern } from "../enquiries/repository.ts";

const toSubscriber = (row: NewsletterSubscribersTable): Subscriber => ({
  _id: row.id,
  email: row.email,
  date: row.created_at,
});

/** The calendar day in Lagos (UTC+1 all year) of an ISO instant, e.g. "2026-11-23". */
const lagosDay = (iso: string) => new Date(Date.parse(iso) + 3600_000).toISOString().slice(0, 10);

export function createNewsletterService({ db }: { db: Kysely<Database> }) {
  /** Newest first; `q` finds addresses that contain it (case-insensitive, % and _ literal). */
  async function list(q?: string): Promise<Subscriber[]> {
    let query = db.selectFrom("newsletter_subscribers").selectAll();
    if (q) {
      query = query.where(sql<boolean>`lower(email) like lower(${containsPattern(q)}) escape '\\'`);
    }
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
    return rows.map(toSubscriber);
  }

  return {
    /** Adds the address once: a second sign-up answers the existing subscriber. */
    async subscribe(email: string): Promise<{ subscriber: Subscriber; created: boolean }> {
      const address = stripNul(email.trim().toLowerCase());
      const row: NewsletterSubscribersTable = {
        id: randomUUID(),
        email: address,
        created_at: new Date().toISOString(),
      };
      // The unique index decides, so two sign-ups at the same moment still make one row.
      const inserted = await db
        .insertInto("newsletter_subscribers")
        .values(row)
        .onConflict((oc) => oc.column("email").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        return { subscriber: toSubscriber(row), created: true };
      }
      const existing = await db
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("email", "=", address)
        .executeTakeFirstOrThrow();
      return { subscriber: toSubscriber(existing), created: false };
    },

    list,

    /** Removes a subscriber; answers who it was. */
    async remove(id: string): Promise<Subscriber> {
      const row = await db
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      const result = await db
        .deleteFrom("newsletter_subscribers")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row || Number(result.numDeletedRows) === 0) throw new NotFound("Subscriber not found.");
      return toSubscriber(row);
    },

    async exportCsv(q?: string): Promise<string> {
      const rows = await list(q);
      return toCsv(
        ["Email", "Subscribed"],
        rows.map((s) => [s.email, lagosDay(s.date)]),
      );
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
