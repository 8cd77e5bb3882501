import { sql, SqliteAdapter, type Kysely, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { SOURCE_NETWORKS } from "../../../common/lead-source.ts";
import type { EnquiryQuery, EnquiryStatus } from "../../../common/schemas/enquiry.ts";
import { DatabaseUnavailable } from "../../db/availability.ts";
import type { Database, EnquiriesTable } from "../../db/schema.ts";
import { dayRange } from "../../../common/time-zone.ts";
import { newestFirstInBatches } from "../../db/lists.ts";
import type { NewOutboxRow } from "../outbox/repository.ts";
import { assignContacts, lockContacts } from "../contacts/repository.ts";
import { createGroupCommit } from "./group-commit.ts";
import { matchesSearch } from "./search.ts";

type Filter = Omit<EnquiryQuery, "page" | "pageSize">;

/**
 * Enquiries stored in one multi-row insert: 21 values a row stays under SQLite's 32,766
 * bound parameters, and PostgreSQL's 65,535.
 */
const MAX_INSERT_ROWS = 500;

/** A new enquiry and the outbox rows of its mails (the agency's, the visitor's auto-reply). */
interface NewEnquiry {
  enquiry: EnquiriesTable;
  outbox: NewOutboxRow[];
}

/**
 * `key` (an SQL expression of a raw source key) as common/lead-source.ts `sourceNetwork`:
 * the network it names, else itself. Literals, not parameters, so that the same expression
 * in a SELECT and its GROUP BY is the same text on PostgreSQL.
 */
export function sourceNetworkSql(key: RawBuilder<string>): RawBuilder<string> {
  const whens = SOURCE_NETWORKS.flatMap(({ network, names, prefixes = [] }) => [
    ...(names.length > 0
      ? [
          sql`when ${key} in (${sql.join(names.map((name) => sql.lit(name)))}) then ${sql.lit(network)}`,
        ]
      : []),
    ...prefixes.map(
      (prefix) => sql`when ${key} like ${sql.lit(`${prefix}%`)} then ${sql.lit(network)}`,
    ),
  ]);
  return sql<string>`(case ${sql.join(whens, sql` `)} else ${key} end)`;
}

/**
 * An enquiry's source key in SQL (columns of `enquiries`): common/lead-source.ts `sourceKey`
 * written for the database, so the dashboard, the Traffic screen and the weekly report count
 * leads under the same key as visits.
 */
export const SOURCE_KEY_SQL = sourceNetworkSql(
  sql<string>`coalesce(nullif(lower(trim(utm_source)), ''), case when lower(source_referrer) like 'www.%' then substr(lower(source_referrer), 5) else lower(source_referrer) end, '')`,
);

export function createEnquiryRepository(db: Kysely<Database>) {
  const dialect = db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
  // Enquiries that arrive together are committed together (one fsync): see group-commit.ts.
  // Their notifications go into the outbox in the same transaction, so a stored enquiry
  // always has its mail queued and a queued mail always has its enquiry.
  const inserts = createGroupCommit<NewEnquiry>(
    (rows) =>
      db.transaction().execute(async (trx) => {
        await lockContacts(trx);
        await trx
          .insertInto("enquiries")
          .values(rows.map((row) => row.enquiry))
          .execute();
        // Each enquiry joins its person's contact (issue 52) in the same transaction.
        await assignContacts(
          trx,
          rows.map((row) => row.enquiry),
        );
        const outbox = rows.flatMap((row) => row.outbox);
        if (outbox.length > 0) await trx.insertInto("notification_outbox").values(outbox).execute();
      }),
    { maxBatch: MAX_INSERT_ROWS, shared: (error) => error instanceof DatabaseUnavailable },
  );

  /** The inbox hides spam unless asked for it (status=spam or status=all). */
  function statusFiltered<T extends "enquiries" | "enquiry_counts", O>(
    query: SelectQueryBuilder<Database, T, O>,
    status: Filter["status"],
  ): SelectQueryBuilder<Database, T, O> {
    const column = sql.ref<string>("status");
    if (status === undefined) return query.where(column, "!=", "spam");
    if (status === "all") return query;
    return query.where(column, "=", status);
  }

  function filtered<O>(
    query: SelectQueryBuilder<Database, "enquiries", O>,
    filter: Filter,
  ): SelectQueryBuilder<Database, "enquiries", O> {
    let q = statusFiltered(query, filter.status);
    if (filter.serviceType) q = q.where("service_type", "=", filter.serviceType);
    const days = dayRange(filter.from, filter.to);
    if (days.from) q = q.where("created_at", ">=", days.from);
    if (days.to) q = q.where("created_at", "<", days.to);
    if (filter.q) q = q.where(matchesSearch(dialect, filter.q));
    return q;
  }

  return {
    /**
     * Resolves once the row, and its outbox rows if any, are committed (with the others that
     * came in at the same time).
     */
    insert: (enquiry: EnquiriesTable, outbox: NewOutboxRow[] = []) =>
      inserts.add({ enquiry, outbox }),
    find: (id: string) =>
      db.selectFrom("enquiries").selectAll().where("id", "=", id).executeTakeFirst(),
    /**
     * One page, newest first (every row of a list is read by `batches`). The page is chosen
     * by id first, then only its rows are read: a search that matches 100,000 enquiries
     * sorts their dates and ids, not the rows themselves (182 ms → 84 ms on SQLite).
     */
    list(filter: Filter, limit: number, offset: number) {
      const newestFirst = <O>(query: SelectQueryBuilder<Database, "enquiries", O>) =>
        query.orderBy("created_at", "desc").orderBy("id", "desc");
      const page = newestFirst(filtered(db.selectFrom("enquiries").select("id"), filter))
        .limit(limit)
        .offset(offset);
      return newestFirst(db.selectFrom("enquiries").selectAll().where("id", "in", page)).execute();
    },
    /** Every matching row, newest first, read `STREAM_BATCH` at a time. */
    batches: (filter: Filter) =>
      newestFirstInBatches(filtered(db.selectFrom("enquiries").selectAll(), filter)),
    async count(filter: Filter): Promise<number> {
      if (!filter.q && !filter.from && !filter.to) {
        // Status and service type alone: the counts the triggers keep (migration 0014).
        const row = await statusFiltered(
          db
            .selectFrom("enquiry_counts")
            .select((eb) => eb.fn.sum<number | string | null>("n").as("n"))
            .$if(Boolean(filter.serviceType), (q) =>
              q.where("service_type", "=", filter.serviceType!),
            ),
          filter.status,
        ).executeTakeFirstOrThrow();
        return Number(row.n ?? 0);
      }
      const row = await filtered(
        db.selectFrom("enquiries").select((eb) => eb.fn.countAll<number | string>().as("n")),
        filter,
      ).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Per status, from the counts the triggers keep. */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom("enquiry_counts")
        .select((eb) => ["status", eb.fn.sum<number | string>("n").as("n")])
        .groupBy("status")
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },
    /**
     * Enquiries (spam left out) per week and service type between `bounds[0]` and the last
     * bound: `bounds` are the ISO instants the weeks start at, ascending, plus the end. The
     * week index is worked out in SQL by comparing the ISO text, which sorts as time does
     * and reads the same on SQLite and PostgreSQL.
     */
    async countByWeekAndService(
      bounds: readonly string[],
    ): Promise<{ week: number; serviceType: string; count: number }[]> {
      const starts = bounds.slice(0, -1);
      const week = sql<number>`case ${sql.join(
        starts
          .map((start, index) => sql`when created_at >= ${start} then ${sql.lit(index)}`)
          .reverse(),
        sql` `,
      )} end`;
      const inWindow = db
        .selectFrom("enquiries")
        .select([week.as("week"), "service_type"])
        .where("status", "!=", "spam")
        .where("created_at", ">=", bounds[0]!)
        .where("created_at", "<", bounds.at(-1)!);
      const rows = await db
        .selectFrom(inWindow.as("w"))
        .select((eb) => ["w.week", "w.service_type", eb.fn.countAll<number | string>().as("n")])
        .groupBy(["w.week", "w.service_type"])
        .execute();
      return rows.map((row) => ({
        week: Number(row.week),
        serviceType: row.service_type,
        count: Number(row.n),
      }));
    },
    /**
     * The commonest sources of the enquiries (spam left out) from `from` to `to`: the
     * utm_source in lower case, else the referrer host without "www.", else "" (direct).
     * Most first, then by name; at most `limit`.
     */
    async topSources(
      from: string,
      to: string,
      limit: number,
    ): Promise<{ source: string; count: number }[]> {
      const inWindow = db
        .selectFrom("enquiries")
        .select(SOURCE_KEY_SQL.as("source"))
        .where("status", "!=", "spam")
        .where("created_at", ">=", from)
        .where("created_at", "<", to);
      const rows = await db
        .selectFrom(inWindow.as("s"))
        .select((eb) => ["s.source", eb.fn.countAll<number | string>().as("n")])
        .groupBy("s.source")
        .orderBy("n", "desc")
        .orderBy("s.source", "asc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ source: row.source, count: Number(row.n) }));
    },
    /** The service types of the enquiries there are, in order, none empty. */
    async serviceTypes(): Promise<string[]> {
      const rows = await db
        .selectFrom("enquiry_counts")
        .select("service_type")
        .distinct()
        .where("service_type", "!=", "")
        .where("n", ">", 0)
        .orderBy("service_type")
        .execute();
      return rows.map((row) => row.service_type);
    },
    setStatus: async (id: string, status: EnquiryStatus, now: string) =>
      Number(
        (
          await db
            .updateTable("enquiries")
            .set({ status, updated_at: now })
            .where("id", "=", id)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
    /** Deletes the enquiry, its notification rows, lead, notes and contact link together; answers 0 when none was there. */
    remove: (id: string) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom("notification_outbox").where("subject_id", "=", id).execute();
        // What staff added to it (issue 52): its lead row and notes go with it.
        await trx.deleteFrom("leads").where("enquiry_id", "=", id).execute();
        await trx.deleteFrom("lead_notes").where("enquiry_id", "=", id).execute();
        await trx.deleteFrom("lead_replies").where("enquiry_id", "=", id).execute();
        await trx.deleteFrom("enquiry_contacts").where("enquiry_id", "=", id).execute();
        // Its consultation booking (decision 0052): the slot is free again, its links end.
        const bookings = trx.selectFrom("bookings").select("id").where("enquiry_id", "=", id);
        await trx.deleteFrom("booking_links").where("booking_id", "in", bookings).execute();
        await trx.deleteFrom("bookings").where("enquiry_id", "=", id).execute();
        const { numDeletedRows } = await trx
          .deleteFrom("enquiries")
          .where("id", "=", id)
          .executeTakeFirst();
        return Number(numDeletedRows);
      }),
  };
}
