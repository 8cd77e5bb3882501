import { messages } from "./messages.ts";
import { AGENCY_TIME_ZONE, dayIn } from "./time-zone.ts";

const nairaNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** `N100,000`: the spec's naira notation. Missing or invalid amounts read "Price on request". */
export function naira(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) {
    return messages.priceOnRequest;
  }
  let text = nairaTexts.get(amount);
  if (text === undefined) {
    text = `N${nairaNumber.format(amount)}`;
    // The site shows a few dozen prices: the texts are kept, up to a bound.
    if (nairaTexts.size >= 1000) nairaTexts.clear();
    nairaTexts.set(amount, text);
  }
  return text;
}

/** naira()'s answers by amount (Intl's formatting costs more than the render of the tag). */
const nairaTexts = new Map<number, string>();

/** '1 min read' for one minute, 'N mins read' otherwise. */
export function readTime(minutes: number): string {
  const value = Math.max(1, Math.round(minutes));
  return value === 1 ? "1 min read" : `${value} mins read`;
}

/** The first `words` words of the text, with an ellipsis when there were more. */
export function teaser(text: string | readonly string[], words = 15): string {
  const source = Array.isArray(text) ? text.join("\n") : (text as string);
  const all = source
    .replace(/^\s*[#*]+\s*/gm, "")
    .split(/\s+/)
    .filter((word) => word !== "");
  if (all.length <= words) return all.join(" ");
  return `${all.slice(0, words).join(" ")}...`;
}

const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: AGENCY_TIME_ZONE,
});

/** "Nov 21, 2026", in the agency's time zone. */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? "" : shortDate.format(date);
}

const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: AGENCY_TIME_ZONE,
});

/** "Nov 21, 2026, 3:04 PM", in the agency's time zone (for the back office). */
export function formatDateTime(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
}

const timeOfDay = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: AGENCY_TIME_ZONE,
});

/** "3:04 PM", in the agency's time zone (the back office's "Saved at …"). */
export function formatTime(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? "" : timeOfDay.format(date);
}

/** The calendar day (yyyy-mm-dd) of an instant in the agency's time zone (Lagos). */
export function lagosDay(iso: string | Date): string {
  return dayIn(iso);
}

const weekdayDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "short",
  day: "numeric",
  timeZone: AGENCY_TIME_ZONE,
});

/** "Thursday, Dec 3": the weekday and date of an instant in the agency's time zone. */
export function formatWeekday(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? "" : weekdayDate.format(date);
}
