import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  ENQUIRY_STATUSES,
  HONEYPOT_FIELD,
  type Enquiry,
  type EnquiryNotification,
  type EnquiryQuery,
  type EnquiryStats,
  type EnquiryStatus,
  type ParsedEnquiryInput,
} from "../../../common/schemas/enquiry.ts";
import { serviceTypeName } from "../../../common/enquiry-fields.ts";
import { DEFAULT_PAGE_SIZE } from "../../../common/schemas/common.ts";
import { pageWindow } from "../../db/lists.ts";
import type { Database, EnquiriesTable } from "../../db/schema.ts";
import { withoutNul } from "../../db/strip-nul-plugin.ts";
import { NotFound } from "../../errors.ts";
import { AGENCY_TIME_ZONE, dayIn, dayStart, weekStarts } from "../../../common/time-zone.ts";
import type { Notifier } from "../../mail/notifier.ts";
import { EMAIL_PATTERN } from "../../../common/schemas/common.ts";
import { AUTO_REPLY, ENQUIRY_RECEIVED, type OutboxRow } from "../outbox/repository.ts";
import type { NotificationOutbox } from "../outbox/service.ts";
import { CSV_HEADER, csvRow, fieldColumns, toEnquiry } from "./fields.ts";
import { createEnquiryRepository } from "./repository.ts";

const NOT_FOUND = "Enquiry not found.";

export { CSV_HEADER };

/** How many weeks the dashboard's chart shows, and how many services it names. */
export const STATS_WEEKS = 12;
const NAMED_SERVICES = 5;
const TOP_SOURCES = 8;

/** What a blank service type is called on the dashboard. */
export const UNNAMED_SERVICE = "Not given";
export const OTHER_SERVICES = "Other";

export function createEnquiryService(deps: {
  db: Kysely<Database>;
  notifier: Notifier;
  /** Queues the notification mails (when enquiry mail is configured) and sends them. */
  outbox: NotificationOutbox;
  log: FastifyBaseLogger;
  /**
   * The visitor's auto-reply (issue 29): `on` says whether an owner switched it on (and
   * mail is set up); `send` mails it, throwing when the mail server did not take it.
   */
  autoReply?: {
    on(): Promise<boolean>;
    /**
     * Whether `address` may get one now (the per-address limit, issue 46), counting it if
     * so: asked only once the auto-reply is on.
     */
    allow(address: string): Promise<boolean>;
    send(enquiry: Enquiry, signal: AbortSignal): Promise<void>;
  };
}) {
  const { notifier, outbox, log, autoReply } = deps;
  const repo = createEnquiryRepository(deps.db);

  async function find(id: string): Promise<EnquiriesTable> {
    const row = await repo.find(id);
    if (!row) throw new NotFound(NOT_FOUND);
    return row;
  }

  return {
    /**
     * Stores an enquiry (the three payload shapes of the public forms, already validated),
     * and with it, in the same transaction, the outbox row of its mail to the agency (when
     * enquiry mail is configured); the outbox worker sends it, retrying while the mail
     * server fails. A robot that filled the honeypot is stored as spam and mails no one.
     * The mail never delays or fails the enquiry.
     */
    async create(input: ParsedEnquiryInput): Promise<Enquiry> {
      const now = new Date().toISOString();
      const spam = Boolean(input[HONEYPOT_FIELD]?.trim());
      const row: EnquiriesTable = withoutNul({
        id: randomUUID(),
        status: spam ? "spam" : "new",
        ...fieldColumns(input),
        created_at: now,
        updated_at: now,
      });
      // The visitor is mailed only at an address that passed the form's check.
      // …and at most a few times a day (the limit per address), whoever sends in its name.
      const replyTo =
        !spam &&
        EMAIL_PATTERN.test(row.email) &&
        autoReply !== undefined &&
        (await autoReply.on()) &&
        (await autoReply.allow(row.email));
      const mails = spam ? [] : outbox.rowsFor(row.id, { autoReply: Boolean(replyTo) });
      await repo.insert(row, mails);
      const enquiry = toEnquiry(row);
      if (spam) log.info({ enquiry: enquiry._id }, "enquiry stored as spam (honeypot)");
      if (mails.length > 0) outbox.nudge();
      // Not configured: the silent notifier notes it (or a notifier a test gave).
      if (!spam && !mails.some((mail) => mail.kind === ENQUIRY_RECEIVED)) {
        void notifier.enquiryReceived(enquiry);
      }
      return enquiry;
    },

    /**
     * One page of the matches, newest first (the first page of DEFAULT_PAGE_SIZE when
     * neither is given; `all` streams every match); `total` counts every match.
     */
    async list(query: EnquiryQuery = {}): Promise<{ items: Enquiry[]; total: number }> {
      const { page, pageSize, ...filter } = query;
      const window = pageWindow(page ?? 1, pageSize ?? DEFAULT_PAGE_SIZE);
      const [rows, total] = await Promise.all([
        repo.list(filter, window.limit, window.offset),
        repo.count(filter),
      ]);
      return { items: rows.map(toEnquiry), total };
    },

    async get(id: string): Promise<Enquiry> {
      return toEnquiry(await find(id));
    },

    /** Whether the agency was told of the enquiry by e-mail (404 for an unknown enquiry). */
    async notification(id: string): Promise<EnquiryNotification> {
      await find(id);
      return outbox.stateOf(id);
    },

    /**
     * The outbox worker's sender: mails the enquiry of `row` to the agency, throwing when
     * the mail server does not take it; "gone" when the enquiry was deleted meanwhile.
     */
    async sendNotification(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      const stored = await repo.find(row.subject_id);
      if (!stored) return "gone";
      if (row.kind === AUTO_REPLY) {
        if (!autoReply) throw new Error("The auto-reply is not set up");
        await autoReply.send(toEnquiry(stored), signal);
        return "sent";
      }
      if (!notifier.sendEnquiryReceived) throw new Error("Enquiry mail is not configured");
      await notifier.sendEnquiryReceived(toEnquiry(stored), { signal });
      return "sent";
    },

    async summary() {
      const [counts, serviceTypes] = await Promise.all([repo.countByStatus(), repo.serviceTypes()]);
      const byStatus = Object.fromEntries(
        ENQUIRY_STATUSES.map((status) => [status, counts[status] ?? 0]),
      ) as Record<EnquiryStatus, number>;
      const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
      return { ...byStatus, total, serviceTypes };
    },

    /**
     * The dashboard's figures (spam left out): enquiries per week of the last 12 weeks
     * (Monday to Sunday, in the agency's time zone; weeks without any are zero) by service type, the five
     * commonest named and the rest as "Other", and the commonest sources ("" is direct).
     */
    async stats(now = new Date()): Promise<EnquiryStats> {
      const starts = weekStarts(now, STATS_WEEKS);
      const bounds = [...starts.map((day) => dayStart(day)), dayStart(starts.at(-1)!, 7)];
      const [cells, top] = await Promise.all([
        repo.countByWeekAndService(bounds),
        repo.topSources(bounds[0]!, bounds.at(-1)!, TOP_SOURCES),
      ]);
      // The fixed values of the forms by their names ("contact": "Contact page quick form").
      const label = (serviceType: string) =>
        serviceType ? serviceTypeName(serviceType) : UNNAMED_SERVICE;
      const totals = new Map<string, number>();
      for (const cell of cells) {
        const name = label(cell.serviceType);
        totals.set(name, (totals.get(name) ?? 0) + cell.count);
      }
      const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      // Five names and "Other" for the rest; a sixth service alone is named, not "Other".
      const named = ranked.length <= NAMED_SERVICES + 1 ? ranked : ranked.slice(0, NAMED_SERVICES);
      const series = named.map(([name]) => name);
      if (named.length < ranked.length) series.push(OTHER_SERVICES);
      const index = new Map(named.map(([name], i) => [name, i]));
      const weeks = starts.map((start) => ({
        start,
        counts: series.map(() => 0),
        total: 0,
      }));
      for (const cell of cells) {
        const week = weeks[cell.week];
        if (!week) continue;
        const column = index.get(label(cell.serviceType)) ?? series.length - 1;
        week.counts[column]! += cell.count;
        week.total += cell.count;
      }
      const total = weeks.reduce((sum, week) => sum + week.total, 0);
      const listed = top.reduce((sum, source) => sum + source.count, 0);
      return {
        timeZone: AGENCY_TIME_ZONE,
        from: starts[0]!,
        to: dayIn(Date.parse(bounds.at(-1)!) - 1),
        total,
        series: series.map((name, i) => ({
          name,
          total: weeks.reduce((sum, week) => sum + week.counts[i]!, 0),
        })),
        weeks,
        sources: top.map(({ source, count }) => ({ source, count })),
        otherSources: total - listed,
      };
    },

    async setStatus(id: string, status: EnquiryStatus): Promise<Enquiry> {
      if ((await repo.setStatus(id, status, new Date().toISOString())) === 0) {
        throw new NotFound(NOT_FOUND);
      }
      return toEnquiry(await find(id));
    },

    async remove(id: string): Promise<void> {
      if ((await repo.remove(id)) === 0) throw new NotFound(NOT_FOUND);
    },

    /**
     * Every enquiry the filter matches, newest first, read from the database a batch at a
     * time (the unpaged list streams them: memory does not grow with the inbox).
     */
    async *all(query: EnquiryQuery = {}): AsyncGenerator<Enquiry> {
      const { page: _page, pageSize: _size, ...filter } = query;
      for await (const rows of repo.batches(filter)) yield* rows.map(toEnquiry);
    },

    /** Number of enquiries the filter matches (paging ignored). */
    count(query: EnquiryQuery = {}): Promise<number> {
      const { page: _page, pageSize: _size, ...filter } = query;
      return repo.count(filter);
    },

    /** The CSV export's lines (header first) for the filter, read a batch at a time. */
    async *csvLines(query: EnquiryQuery = {}): AsyncGenerator<readonly string[]> {
      const { page: _page, pageSize: _size, ...filter } = query;
      yield CSV_HEADER;
      for await (const rows of repo.batches(filter)) yield* rows.map(csvRow);
    },
  };
}
export type EnquiryService = ReturnType<typeof createEnquiryService>;
