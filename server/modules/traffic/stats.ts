import { sql, type Kysely } from "kysely";
import type { TrafficStats, TrafficTotals } from "../../../common/schemas/traffic.ts";
import { addDays, AGENCY_TIME_ZONE, dayIn, dayStart } from "../../../common/time-zone.ts";
import {
  conversion,
  DEFAULT_TRAFFIC_DAYS,
  DEVICE_CLASSES,
  TRAFFIC_TOP_ROWS,
  type DeviceClass,
} from "../../../common/traffic.ts";
import type { Database } from "../../db/schema.ts";
import { SOURCE_KEY_SQL, sourceNetworkSql } from "../enquiries/repository.ts";

// The Traffic screen's figures (issue 33, decision 0037): the counted visits of a range of
// calendar days (traffic_visitors, traffic_pages) next to the enquiries of the same days, by
// page, source and campaign. Every sum is done by the database; memory holds one row per
// page, source or campaign of the range, never one per visit or enquiry.

/** Calendar days, both counted, in the site's time zone. */
export interface DayRange {
  from: string;
  to: string;
}

/** Days from `from` to `to`, both counted. */
export function daysIn(range: DayRange): number {
  return (
    (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1
  );
}

/** The range of the same length just before `range`. */
export function previousRange(range: DayRange): DayRange {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** `from`/`to` as asked, else the last 30 days up to today (in the site's time zone). */
export function rangeOf(query: { from?: string; to?: string }, now: number): DayRange {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_TRAFFIC_DAYS - 1) : dayIn(now));
  const from = query.from ?? addDays(to, -(DEFAULT_TRAFFIC_DAYS - 1));
  return { from, to };
}

type Counted = { visitors: number; pageviews: number };
const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export function createTrafficStats(deps: { db: Kysely<Database>; clock?: () => number }) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;

  /** Enquiries (spam left out) received on the days of `range`. */
  function enquiriesIn(range: DayRange) {
    return db
      .selectFrom("enquiries")
      .where("status", "!=", "spam")
      .where("created_at", ">=", dayStart(range.from))
      .where("created_at", "<", dayStart(range.to, 1));
  }

  /** Visits of `range` summed by `column` of traffic_visitors (or all, without one). */
  async function visitsBy(
    range: DayRange,
    column: "source" | "campaign" | "device" | "day",
  ): Promise<Map<string, Counted>> {
    // Sources stored before a network rule (e.g. "facebook.com") count under their network.
    const key = column === "source" ? sourceNetworkSql(sql.ref<string>(column)) : sql.ref(column);
    const rows = await db
      .selectFrom("traffic_visitors")
      .select((eb) => [
        key.as("key"),
        eb.fn.sum<number | string>("visitors").as("visitors"),
        eb.fn.sum<number | string>("views").as("views"),
      ])
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .groupBy(key)
      .execute();
    return new Map(
      rows.map((row) => [
        String(row.key),
        { visitors: num(row.visitors), pageviews: num(row.views) },
      ]),
    );
  }

  async function pagesOf(range: DayRange): Promise<Map<string, Counted>> {
    const rows = await db
      .selectFrom("traffic_pages")
      .select((eb) => [
        "path",
        eb.fn.sum<number | string>("visitors").as("visitors"),
        eb.fn.sum<number | string>("views").as("views"),
      ])
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .groupBy("path")
      .execute();
    return new Map(
      rows.map((row) => [row.path, { visitors: num(row.visitors), pageviews: num(row.views) }]),
    );
  }

  /** Enquiries of `range` per page, per source key or per campaign. */
  async function enquiriesBy(
    range: DayRange,
    by: "page" | "source" | "campaign",
  ): Promise<Map<string, number>> {
    const key =
      by === "page"
        ? sql<string>`coalesce(source_page, '')`
        : by === "source"
          ? SOURCE_KEY_SQL
          : sql<string>`coalesce(trim(utm_campaign), '')`;
    const keyed = enquiriesIn(range).select(key.as("key"));
    const rows = await db
      .selectFrom(keyed.as("e"))
      .select((eb) => ["e.key", eb.fn.countAll<number | string>().as("n")])
      .groupBy("e.key")
      .execute();
    return new Map(rows.map((row) => [row.key, num(row.n)]));
  }

  /** Enquiries of each day of `range` (a list as long as the range, oldest first). */
  async function enquiriesPerDay(range: DayRange): Promise<number[]> {
    const days = daysIn(range);
    const starts = Array.from({ length: days }, (_, i) => dayStart(range.from, i));
    const index = sql<number>`case ${sql.join(
      starts.map((start, i) => sql`when created_at >= ${start} then ${sql.lit(i)}`).reverse(),
      sql` `,
    )} end`;
    const rows = await db
      .selectFrom(enquiriesIn(range).select(index.as("i")).as("e"))
      .select((eb) => ["e.i", eb.fn.countAll<number | string>().as("n")])
      .groupBy("e.i")
      .execute();
    const counts = starts.map(() => 0);
    for (const row of rows) counts[Number(row.i)] = num(row.n);
    return counts;
  }

  async function totals(range: DayRange): Promise<TrafficTotals> {
    const [visits, enquiries] = await Promise.all([
      db
        .selectFrom("traffic_visitors")
        .select((eb) => [
          eb.fn.sum<number | string>("visitors").as("visitors"),
          eb.fn.sum<number | string>("views").as("views"),
        ])
        .where("day", ">=", range.from)
        .where("day", "<=", range.to)
        .executeTakeFirst(),
      enquiriesIn(range)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst(),
    ]);
    const visitors = num(visits?.visitors);
    const pageviews = num(visits?.views);
    const received = num(enquiries?.n);
    return {
      ...range,
      visitors,
      pageviews,
      viewsPerVisit: visitors > 0 ? pageviews / visitors : null,
      enquiries: received,
      conversion: conversion(received, visitors),
    };
  }

  /**
   * Rows of a table: every key with visits or enquiries in the range, its figures, its
   * conversion and its visitors in the period before; most visitors first, then most
   * enquiries, then by name. `limit` rows at most (all when undefined).
   */
  function rowsOf(
    visits: Map<string, Counted>,
    enquiries: Map<string, number>,
    before: Map<string, Counted>,
    limit: number | undefined,
    keep: (key: string) => boolean = () => true,
  ) {
    const keys = new Set([...visits.keys(), ...enquiries.keys()].filter(keep));
    const rows = [...keys].map((key) => {
      const counted = visits.get(key) ?? { visitors: 0, pageviews: 0 };
      const received = enquiries.get(key) ?? 0;
      return {
        key,
        ...counted,
        enquiries: received,
        conversion: conversion(received, counted.visitors),
        previousVisitors: before.get(key)?.visitors ?? 0,
      };
    });
    rows.sort(
      (a, b) => b.visitors - a.visitors || b.enquiries - a.enquiries || a.key.localeCompare(b.key),
    );
    return limit === undefined ? rows : rows.slice(0, limit);
  }

  return {
    /**
     * The figures of `query` (default: the last 30 days), each compared with the period of
     * the same length just before. `limit` caps the pages, sources and campaigns (the API
     * answers the top 100; the CSV export asks for all).
     */
    async stats(
      query: { from?: string; to?: string } = {},
      options: { limit?: number } = {},
    ): Promise<TrafficStats> {
      const limit = "limit" in options ? options.limit : TRAFFIC_TOP_ROWS;
      const range = rangeOf(query, clock());
      const before = previousRange(range);
      const [
        current,
        previous,
        daily,
        dailyEnquiries,
        pages,
        pagesBefore,
        pageEnquiries,
        sources,
        sourcesBefore,
        sourceEnquiries,
        campaigns,
        campaignsBefore,
        campaignEnquiries,
        devices,
        devicesBefore,
      ] = await Promise.all([
        totals(range),
        totals(before),
        visitsBy(range, "day"),
        enquiriesPerDay(range),
        pagesOf(range),
        pagesOf(before),
        enquiriesBy(range, "page"),
        visitsBy(range, "source"),
        visitsBy(before, "source"),
        enquiriesBy(range, "source"),
        visitsBy(range, "campaign"),
        visitsBy(before, "campaign"),
        enquiriesBy(range, "campaign"),
        visitsBy(range, "device"),
        visitsBy(before, "device"),
      ]);
      return {
        timeZone: AGENCY_TIME_ZONE,
        ...current,
        previous,
        daily: dailyEnquiries.map((enquiries, i) => {
          const day = addDays(range.from, i);
          const counted = daily.get(day) ?? { visitors: 0, pageviews: 0 };
          return { day, ...counted, enquiries };
        }),
        pages: rowsOf(pages, pageEnquiries, pagesBefore, limit, (key) => key !== "").map(
          ({ key, ...row }) => ({ path: key, ...row }),
        ),
        sources: rowsOf(sources, sourceEnquiries, sourcesBefore, limit).map(({ key, ...row }) => ({
          source: key,
          ...row,
        })),
        campaigns: rowsOf(
          campaigns,
          campaignEnquiries,
          campaignsBefore,
          limit,
          (key) => key !== "",
        ).map(({ key, ...row }) => ({ campaign: key, ...row })),
        devices: DEVICE_CLASSES.map((device: DeviceClass) => ({
          device,
          ...(devices.get(device) ?? { visitors: 0, pageviews: 0 }),
          previousVisitors: devicesBefore.get(device)?.visitors ?? 0,
        })),
      };
    },
  };
}
export type TrafficStatsService = ReturnType<typeof createTrafficStats>;
