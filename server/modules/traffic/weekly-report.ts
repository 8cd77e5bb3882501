import type { Kysely } from "kysely";
import {
  addDays,
  AGENCY_TIME_ZONE,
  dayIn,
  mondayOf,
  timestampIn,
} from "../../../common/time-zone.ts";
import { WEEKLY_REPORT_HOUR } from "../../../common/traffic.ts";
import type { Database } from "../../db/schema.ts";
import type { MailBrand } from "../../mail/layout.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { newOutboxRow, TRAFFIC_REPORT, type OutboxRow } from "../outbox/repository.ts";
import type { NotificationOutbox } from "../outbox/service.ts";
import type { TrafficStatsService } from "./stats.ts";
import { REPORT_TOP_ROWS, weeklyReportMail } from "./weekly-report-mail.ts";

// The weekly traffic report (issue 33, decision 0037): on Monday at WEEKLY_REPORT_HOUR in
// the site's time zone every owner with the report on gets last week's figures by mail,
// through the notification outbox. Each owner's mail of a week is one outbox row whose
// subject is "<admin id>/<monday>": the outbox's unique index (subject, kind) makes it once
// per owner and week however many instances write it and however often. Each instance
// checks at each outbox wake (every 5 s) whether this week's rows are written, from memory
// once they are; an instance that was down on Monday writes them when it comes up that week.

/** The outbox subject of `adminId`'s report of the week starting `monday`. */
export function reportSubject(adminId: string, monday: string): string {
  return `${adminId}/${monday}`;
}

/** The admin and the Monday of a report's subject; undefined when it is not one. */
export function parseReportSubject(
  subject: string,
): { adminId: string; monday: string } | undefined {
  const match = /^(.+)\/(\d{4}-\d{2}-\d{2})$/.exec(subject);
  return match ? { adminId: match[1]!, monday: match[2]! } : undefined;
}

/** The days the report of the week starting `monday` is about: the week before it. */
export function reportedWeek(monday: string): { from: string; to: string } {
  return { from: addDays(monday, -7), to: addDays(monday, -1) };
}

/** "yyyy-mm-dd hh:mm" read as if it were UTC, in ms. */
const wallMs = (text: string) => Date.parse(`${text.replace(" ", "T")}:00Z`);

/**
 * The instant (ms) a wall clock in `timeZone` shows `hour`:00 on `day`. The zone's offset is
 * taken from a day before and a day after, so a change of the clocks near that time is
 * right: of the two readings the earliest that shows that time wins (clocks going back show
 * it twice); when the clocks jump over it, the instant of the jump (the first one past it).
 */
export function wallClockInstant(day: string, hour: number, timeZone = AGENCY_TIME_ZONE): number {
  const wanted = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  const offset = (at: number) => wallMs(timestampIn(at, timeZone)) - (at - (at % 60_000));
  const before = offset(wanted - 86_400_000);
  const after = offset(wanted + 86_400_000);
  const shows = (at: number) => wallMs(timestampIn(at, timeZone)) === wanted;
  const candidates = [wanted - before, wanted - after].filter(shows);
  if (candidates.length > 0) return Math.min(...candidates);
  return wanted - before;
}

export interface WeeklyReportDeps {
  db: Kysely<Database>;
  outbox: Pick<NotificationOutbox, "enabled" | "queue">;
  stats: Pick<TrafficStatsService, "stats">;
  /** The agency's name and colours, from the Site identity screen. */
  identity: { get(): Promise<MailBrand> };
  mailer: Pick<Mailer, "send">;
  /** PUBLIC_ORIGIN: the mail's links must work from a mail client. */
  origin: string;
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
  timeZone?: string;
}

export function createWeeklyReport(deps: WeeklyReportDeps) {
  const { db, outbox } = deps;
  const clock = deps.clock ?? Date.now;
  const timeZone = deps.timeZone ?? AGENCY_TIME_ZONE;
  const iso = (ms: number) => new Date(ms).toISOString();
  /** The Monday whose rows this instance wrote: nothing more to do until the next one. */
  let queuedWeek: string | undefined;
  /** This week's Monday and its report time, worked out once a week. */
  let due: { monday: string; at: number } | undefined;

  return {
    /**
     * Writes this week's report rows once the week's Monday WEEKLY_REPORT_HOUR has come:
     * one per owner with the report on who was an owner by then (one added later gets next
     * week's), due at once. Cheap when done: the outbox runs it at each wake. Nothing
     * without mail. Answers how many rows were new (0 when another instance wrote them).
     */
    async queueDue(): Promise<number> {
      if (!outbox.enabled) return 0;
      const now = clock();
      const monday = mondayOf(dayIn(now, timeZone));
      if (queuedWeek === monday) return 0;
      if (due?.monday !== monday) {
        due = { monday, at: wallClockInstant(monday, WEEKLY_REPORT_HOUR, timeZone) };
      }
      const dueAt = due.at;
      if (now < dueAt) return 0;
      const owners = await db
        .selectFrom("admins")
        .select("id")
        .where("role", "=", "owner")
        .where("weekly_report", "=", 1)
        .where("created_at", "<=", iso(dueAt))
        .execute();
      const added = await outbox.queue(
        owners.map((owner) =>
          newOutboxRow(reportSubject(owner.id, monday), iso(now), TRAFFIC_REPORT),
        ),
      );
      queuedWeek = monday;
      return added;
    },

    /**
     * The outbox's sender of TRAFFIC_REPORT rows: "gone" (nothing sent) when the admin was
     * removed, is no longer an owner or turned the report off; else the mail about the week
     * before the row's Monday, to the owner's address of now.
     */
    async send(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      const subject = parseReportSubject(row.subject_id);
      if (!subject) return "gone";
      const admin = await db
        .selectFrom("admins")
        .select(["email", "role", "weekly_report"])
        .where("id", "=", subject.adminId)
        .executeTakeFirst();
      if (!admin || admin.role !== "owner" || admin.weekly_report !== 1) return "gone";
      const [stats, identity] = await Promise.all([
        deps.stats.stats(reportedWeek(subject.monday), { limit: REPORT_TOP_ROWS }),
        deps.identity.get(),
      ]);
      const mail = weeklyReportMail(stats, identity, deps.origin);
      await deps.mailer.send({ to: admin.email, ...mail }, { signal });
      return "sent";
    },
  };
}
export type WeeklyReport = ReturnType<typeof createWeeklyReport>;
