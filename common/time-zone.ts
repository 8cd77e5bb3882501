// The agency's calendar: which day an instant falls on, when a day starts, the Mondays of
// the last weeks, all in one time zone. The zone is `site.timeZone` (common/site-config.ts,
// "Africa/Lagos"); every function takes another zone for tests, so the day boundaries are
// checked in a zone with daylight saving too. Only `Intl` is used: no fixed offsets, no
// library, and it runs in the browser as well as on the server.

import { site } from "./site-config.ts";

/** The agency's time zone: every date shown and every day counted is in it. */
export const AGENCY_TIME_ZONE: string = site.timeZone;

/** What the agency calls its time zone in a sentence ("until 3:04 PM Lagos time"). */
export const AGENCY_TIME_ZONE_NAME: string = site.timeZoneName;

const DAY_MS = 86_400_000;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (creating one costs far more than using it). */
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The date and time a wall clock in `timeZone` shows at `instant` (ms since the epoch). */
function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far (ms) the zone's clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const toInstant = (value: string | Date | number): number =>
  typeof value === "number"
    ? value
    : typeof value === "string"
      ? Date.parse(value)
      : value.getTime();

/**
 * Zones change their offset only on a quarter hour: within one quarter hour the offset is
 * the same, so it is worked out (with Intl) once per quarter hour and zone, and an export of
 * many rows formats its dates with plain arithmetic.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();

function cachedOffset(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR_MS);
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetAt(quarter * QUARTER_HOUR_MS, timeZone);
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** "yyyy-mm-ddThh:mm" of the zone's wall clock at `instant`. */
function wallText(instant: number, timeZone: string): string {
  return new Date(instant + cachedOffset(instant, timeZone)).toISOString().slice(0, 16);
}

/** The calendar day (yyyy-mm-dd) of an instant in the zone. */
export function dayIn(value: string | Date | number, timeZone = AGENCY_TIME_ZONE): string {
  return wallText(toInstant(value), timeZone).slice(0, 10);
}

/** "2026-11-21 15:04": the zone's date and time of an instant, sorting as time does. */
export function timestampIn(value: string | Date | number, timeZone = AGENCY_TIME_ZONE): string {
  return wallText(toInstant(value), timeZone).replace("T", " ");
}

/**
 * The value of a datetime-local input showing `value` on the zone's wall clock
 * ("2026-11-21T15:04", with ":ss" when the seconds are not 0).
 */
export function wallInputValue(value: string | Date | number, timeZone = AGENCY_TIME_ZONE): string {
  const instant = toInstant(value);
  const text = new Date(instant + offsetAt(instant, timeZone)).toISOString();
  const seconds = text.slice(17, 19);
  return seconds === "00" ? text.slice(0, 16) : text.slice(0, 19);
}

/**
 * The instant (UTC ISO) a datetime-local value means on the zone's wall clock, or "" for a
 * value that is no date and time. A time the clocks skip is read with the offset before it.
 */
export function instantOfWall(value: string, timeZone = AGENCY_TIME_ZONE): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(value)) return "";
  const asUtc = Date.parse(`${value}Z`);
  if (Number.isNaN(asUtc)) return "";
  // The offset at the guess may differ from the offset at the wall time across a change: twice.
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The day `days` after the calendar day `day` (yyyy-mm-dd); no zone involved. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant (ms) of the calendar day `day` (yyyy-mm-dd) in the zone: midnight, or
 * the end of the gap when the clocks jump over midnight. A day may last 23 or 25 hours.
 */
function dayStartMs(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess may differ from the offset at midnight across a change: twice.
  let start = midnightUtc - offsetAt(midnightUtc, timeZone);
  start = midnightUtc - offsetAt(start, timeZone);
  if (dayIn(start, timeZone) === day && dayIn(start - 1, timeZone) < day) return start;
  // Midnight is skipped (clocks jump over it) or comes twice (clocks go back over it): the
  // day starts at the first instant that is in it, found by halving.
  let before = start - 2 * DAY_MS;
  let after = start + 2 * DAY_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayIn(middle, timeZone) < day) before = middle;
    else after = middle;
  }
  return after;
}

/** The first instant (UTC ISO) of the calendar day `day` + `offsetDays` in the zone. */
export function dayStart(day: string, offsetDays = 0, timeZone = AGENCY_TIME_ZONE): string {
  return new Date(dayStartMs(addDays(day, offsetDays), timeZone)).toISOString();
}

/**
 * The instants [from, to) that a filter by calendar days covers: from the start of `from`
 * to the start of the day after `to` (either may be missing).
 */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
  timeZone = AGENCY_TIME_ZONE,
): { from?: string; to?: string } {
  return {
    ...(from ? { from: dayStart(from, 0, timeZone) } : {}),
    ...(to ? { to: dayStart(to, 1, timeZone) } : {}),
  };
}

/** The Monday (yyyy-mm-dd) of the week holding the calendar day `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The Mondays (yyyy-mm-dd, in the zone) of the last `weeks` weeks up to the one holding
 * `now`, oldest first.
 */
export function weekStarts(now: Date, weeks: number, timeZone = AGENCY_TIME_ZONE): string[] {
  const monday = mondayOf(dayIn(now, timeZone));
  return Array.from({ length: weeks }, (_, i) => addDays(monday, -7 * (weeks - 1 - i)));
}
