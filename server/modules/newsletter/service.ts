import { randomUUID } from "node:crypto";
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { ListPage } from "../../../common/schemas/common.ts";
import type { Subscriber } from "../../../common/schemas/newsletter.ts";
import type { Database, NewsletterSubscribersTable } from "../../db/schema.ts";
import { stripNul } from "../../db/strip-nul-plugin.ts";
import { NotFound } from "../../errors.ts";
import { dayIn } from "../../../common/time-zone.ts";
import { containsPattern, newestFirstInBatches, pageWindow } from "../../db/lists.ts";

const toSubscriber = (row: NewsletterSubscribersTable): Subscriber => ({
  _id: row.id,
  email: row.email,
  date: row.created_at,
});

/** The CSV export's header. */
export const SUBSCRIBERS_CSV_HEADER: readonly string[] = ["Email", "Subscribed"];

export function createNewsletterService({ db }: { db: Kysely<Database> }) {
  /** `q` finds addresses that contain it (case-insensitive, % and _ literal). */
  function matching<O>(
    query: SelectQueryBuilder<Database, "newsletter_subscribers", O>,
    q?: string,
  ): SelectQueryBuilder<Database, "newsletter_subscribers", O> {
    return q
      ? query.where(sql<boolean>`lower(email) like lower(${containsPattern(q)}) escape '\\'`)
      : query;
  }

  /** Newest first, read a batch at a time. */
  const batches = (q?: string) =>
    newestFirstInBatches(matching(db.selectFrom("newsletter_subscribers").selectAll(), q));

  /** Newest first (created_at, then id, so equal times keep one order from page to page). */
  const newestFirst = (q?: string) =>
    matching(db.selectFrom("newsletter_subscribers").selectAll(), q)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc");

  /** Newest first. */
  async function list(q?: string): Promise<Subscriber[]> {
    return (await newestFirst(q).execute()).map(toSubscriber);
  }

  async function count(q?: string): Promise<number> {
    const row = await matching(
      db
        .selectFrom("newsletter_subscribers")
        .select((eb) => eb.fn.countAll<number | string>().as("n")),
      q,
    ).executeTakeFirstOrThrow();
    return Number(row.n);
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

    /** Every subscriber `q` matches, newest first, streamed a batch at a time. */
    async *all(q?: string): AsyncGenerator<Subscriber> {
      for await (const rows of batches(q)) yield* rows.map(toSubscriber);
    },

    count,

    /** One page of the subscribers `q` matches, newest first, and how many it matches in all. */
    async page(query: {
      q?: string;
      page: number;
      pageSize: number;
    }): Promise<ListPage<Subscriber>> {
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const [rows, total] = await Promise.all([
        newestFirst(query.q).limit(limit).offset(offset).execute(),
        count(query.q),
      ]);
      return { items: rows.map(toSubscriber), total };
    },

    /** The CSV export's lines (header first): the day each subscribed, in the agency's zone. */
    async *csvLines(q?: string): AsyncGenerator<readonly string[]> {
      yield SUBSCRIBERS_CSV_HEADER;
      for await (const rows of batches(q)) {
        yield* rows.map((row) => [row.email, dayIn(row.created_at)]);
      }
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
