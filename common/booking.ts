import { formatTime, formatWeekday } from "./format.ts";
import { addDays, AGENCY_TIME_ZONE_NAME, dayIn, instantOfWall } from "./time-zone.ts";

// Free consultations booked into real slots (issue 52, item 4; decision 0052). The one
// owner of how free slots are worked out: the booking form, the API and the reschedule page
// all read `freeSlots`. Every time is the agency's wall clock (common/time-zone.ts).

/** How many calendar days (today first) the form offers. */
export const BOOKING_DAYS = 14;

/** The answer when someone else booked the slot first (409). */
export const SLOT_TAKEN = "That time was just taken. Please choose another.";
/** A slot that is not one the form offers (past, outside office hours, a day off). */
export const SLOT_NOT_OFFERED = "That time is not free. Please choose one of the times shown.";
/** What the form says without any free time. */
export const NO_FREE_SLOTS =
  "There are no free times in the next two weeks. Send us a message and we will call you.";

/** The weekdays as the contact settings name their switches: index 0 is Sunday. */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** The contact setting's field that says whether the office is open on a weekday. */
export const openDayField = (weekday: number) =>
  `open${WEEKDAYS[weekday]!}` as `open${(typeof WEEKDAYS)[number]}`;

/** The office hours as bookings read them: weekdays (0 Sunday) and wall-clock "hh:mm". */
export interface OfficeWeek {
  days: readonly number[];
  opens: string;
  closes: string;
}

/** What staff set for bookings (Site content, "Consultation booking"). */
export interface BookingRules {
  slotMinutes: number;
  bufferMinutes: number;
  /** Days (yyyy-mm-dd) the agency takes off: public holidays. */
  daysOff: readonly string[];
}

/** A booked time that is taken (with the buffer around it). */
export interface TakenTime {
  startsAt: string;
  endsAt: string;
}

export interface Slot {
  /** UTC ISO instants. */
  start: string;
  end: string;
}

const MINUTE_MS = 60_000;

/** The weekday (0 Sunday) of a calendar day. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * The free slots from `now` over BOOKING_DAYS days: each open day (not a day off) from its
 * opening time, one slot every slot length plus buffer, each ending by the closing time;
 * none that has begun, none within the buffer of a taken time.
 */
export function freeSlots(input: {
  now: number;
  week: OfficeWeek;
  rules: BookingRules;
  taken: readonly TakenTime[];
  days?: number;
}): Slot[] {
  const { now, week, rules } = input;
  const length = rules.slotMinutes * MINUTE_MS;
  const buffer = rules.bufferMinutes * MINUTE_MS;
  if (length <= 0) return [];
  const blocked = input.taken.map((time) => ({
    from: Date.parse(time.startsAt) - buffer,
    to: Date.parse(time.endsAt) + buffer,
  }));
  const daysOff = new Set(rules.daysOff);
  const today = dayIn(now);
  const slots: Slot[] = [];
  for (let i = 0; i < (input.days ?? BOOKING_DAYS); i++) {
    const day = addDays(today, i);
    if (!week.days.includes(weekdayOf(day)) || daysOff.has(day)) continue;
    const opens = Date.parse(instantOfWall(`${day}T${week.opens}`));
    const closes = Date.parse(instantOfWall(`${day}T${week.closes}`));
    for (let start = opens; start + length <= closes; start += length + buffer) {
      const end = start + length;
      if (start <= now) continue;
      if (blocked.some((time) => start < time.to && end > time.from)) continue;
      slots.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString() });
    }
  }
  return slots;
}

/** The slots of one day as the form lists them. */
export interface SlotDay {
  day: string;
  /** "Thursday, Dec 3" */
  label: string;
  slots: { start: string; label: string }[];
}

/** Slots grouped by their Lagos day, in order, each with its wall-clock time ("9:00 AM"). */
export function slotsByDay(slots: readonly Slot[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const day = dayIn(slot.start);
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, label: formatWeekday(slot.start), slots: [] };
      days.push(group);
    }
    group.slots.push({ start: slot.start, label: formatTime(slot.start) });
  }
  return days;
}

/** "Thursday, Dec 3, 9:00 AM (Lagos time)": a booked time in words. */
export function slotWords(start: string): string {
  return `${formatWeekday(start)}, ${formatTime(start)} (${AGENCY_TIME_ZONE_NAME})`;
}
