// The back office's calls about visitor statistics (issue 33, decision 0037), under
// /api/admin/traffic, each answer checked with the shared schema, and how the Traffic screen
// words its period and its changes from the period before.
import {
  trafficQuerySchema,
  trafficSettingsSchema,
  trafficStatsSchema,
  type TrafficSettings,
  type TrafficStats,
  type TrafficTable,
} from "../../../common/schemas/traffic.ts";
import { addDays, dayIn } from "../../../common/time-zone.ts";
import { DEFAULT_TRAFFIC_DAYS, TRAFFIC_PERIODS } from "../../../common/traffic.ts";
import { api, download } from "../admin-api.ts";

export type { TrafficSettings, TrafficStats, TrafficTable };

/** The owner's switch, as the settings panel and the Activity screen name it. */
export const RESPECT_DNT_LABEL = "Respect Do Not Track and Global Privacy Control";

/** The days shown: a period ending today (7, 30 or 90 days) or a chosen range. */
export type TrafficPeriod =
  | { kind: "days"; days: (typeof TRAFFIC_PERIODS)[number] }
  | { kind: "range"; from: string; to: string };

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The period an address asks for: `?from=&to=` (when both are there), else `?days=` (one
 * of TRAFFIC_PERIODS), else the default 30 days. A range is taken as written: it is checked
 * by `rangeProblem` (and the server) before use.
 */
export function periodOf(params: URLSearchParams): TrafficPeriod {
  const from = params.get("from");
  const to = params.get("to");
  if (from && to) return { kind: "range", from, to };
  const days = Number(params.get("days"));
  const known = TRAFFIC_PERIODS.find((period) => period === days);
  return { kind: "days", days: known ?? DEFAULT_TRAFFIC_DAYS };
}

/** The address's query of a period (the default one has none). */
export function periodParams(period: TrafficPeriod): URLSearchParams {
  if (period.kind === "range") return new URLSearchParams({ from: period.from, to: period.to });
  return new URLSearchParams(
    period.days === DEFAULT_TRAFFIC_DAYS ? {} : { days: String(period.days) },
  );
}

/** The calendar days of a period; "today" is the site's (its time zone), at `now`. */
export function rangeOfPeriod(period: TrafficPeriod, now = Date.now()): DayRange {
  if (period.kind === "range") return { from: period.from, to: period.to };
  const to = dayIn(now);
  return { from: addDays(to, -(period.days - 1)), to };
}

/** What is wrong with a chosen range (the API's own rules and words), or undefined. */
export function rangeProblem(range: { from: string; to: string }): string | undefined {
  if (!range.from || !range.to) return "Choose both the first and the last day.";
  const checked = trafficQuerySchema.safeParse(range);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** Days from `from` to `to`, both counted. */
export function daysOf(range: DayRange): number {
  return (
    (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1
  );
}

/** "the previous 30 days", "the previous day". */
export function previousPeriodText(days: number): string {
  return days === 1 ? "the previous day" : `the previous ${days} days`;
}

const MINUS = "\u2212";

/** The change in percent, rounded; null when there was nothing before. */
function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

const signed = (value: number, unit: string) =>
  `${value > 0 ? "+" : MINUS}${Math.abs(value)}${unit}`;

/**
 * A headline figure against the period before: "+12% on the previous 30 days",
 * "−5% on the previous 7 days", "No change", or "New: none in the previous 30 days".
 */
export function changeText(current: number, previous: number, days: number): string {
  const before = previousPeriodText(days);
  if (current === previous) return "No change";
  const change = percentChange(current, previous);
  if (change === null) return `New: none in ${before}`;
  if (change === 0) return "No change";
  return `${signed(change, "%")} on ${before}`;
}

/**
 * A rate (conversion) against the period before, in percentage points:
 * "+0.4 points on the previous 30 days"; "No visitors in the previous 30 days" when there
 * was no rate before.
 */
export function rateChangeText(
  current: number | null,
  previous: number | null,
  days: number,
): string {
  const before = previousPeriodText(days);
  if (current === null && previous === null) return "No change";
  if (previous === null) return `No visitors in ${before}`;
  if (current === null) return "No visitors in these days";
  const points = Math.round((current - previous) * 1000) / 10;
  if (points === 0) return "No change";
  return `${signed(points, points === 1 || points === -1 ? " point" : " points")} on ${before}`;
}

/** A table cell's change of visitors: "+12%", "−5%", "New", "No change". */
export function changeShort(current: number, previous: number): string {
  if (current === previous) return "No change";
  const change = percentChange(current, previous);
  if (change === null) return "New";
  if (change === 0) return "No change";
  return signed(change, "%");
}

const numberFormat = new Intl.NumberFormat("en-US");
/** 12,345. */
export const count = (value: number) => numberFormat.format(value);

/** Views per visit with one decimal ("2.4"); "–" without visitors. */
export function perVisitText(value: number | null): string {
  return value === null ? "–" : value.toFixed(1);
}

/** "Nov 27" ("Nov 27, 2026" with `year`) for the day "2026-11-27". */
export function dayLabel(day: string, year = false): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    ...(year ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

/** "Oct 29 – Nov 27, 2026" (the year on both ends when they differ). */
export function rangeText(range: DayRange): string {
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  if (range.from === range.to) return dayLabel(range.to, true);
  return `${dayLabel(range.from, !sameYear)} – ${dayLabel(range.to, true)}`;
}

/** True when the period and the one before counted no visit at all. */
export function nothingCounted(stats: TrafficStats): boolean {
  return stats.pageviews === 0 && stats.previous.pageviews === 0;
}

const base = "/admin/traffic";

/** GET /api/admin/traffic: the figures of `range`. */
export async function getTrafficStats(range: DayRange): Promise<TrafficStats> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return trafficStatsSchema.parse(await api<unknown>(`${base}?${query}`));
}

/** One table of `range` as a CSV download (every row), named by the server. */
export function exportTraffic(table: TrafficTable, range: DayRange): Promise<void> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return download(`${base}/export/${table}?${query}`);
}

/** GET /api/admin/traffic/settings. */
export async function getTrafficSettings(): Promise<TrafficSettings> {
  return trafficSettingsSchema.parse(await api<unknown>(`${base}/settings`));
}

/** PUT /api/admin/traffic/settings (owners): answers the settings as saved. */
export async function saveTrafficSettings(settings: TrafficSettings): Promise<TrafficSettings> {
  return trafficSettingsSchema.parse(
    await api<unknown>(`${base}/settings`, { method: "PUT", json: settings }),
  );
}
