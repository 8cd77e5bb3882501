// The site's own visitor statistics (issue 33, decision 0037): what the beacon sends, how a
// view is classed, and the limits, in one place for the browser's beacon, the server's
// counter, the Traffic screen and the weekly report. No zod here.

// The beacon's path and payload live in common/traffic-beacon.ts, the one part of these that
// the public pages load (see there); every import from here keeps working.
export { TRAFFIC_BEACON_PATH, type PageViewBeacon } from "./traffic-beacon.ts";

/** The largest beacon body the server reads (bytes); a larger one is refused with 413. */
export const BEACON_MAX_BYTES = 1024;

/** Device classes, by the screen's width in CSS pixels. */
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_LABELS: Record<DeviceClass, string> = {
  mobile: "Phone",
  tablet: "Tablet",
  desktop: "Computer",
};

/** The class of a screen `width` px wide: under 600 a phone, under 1024 a tablet. */
export function deviceClass(width: number | undefined): DeviceClass {
  if (width === undefined || !Number.isFinite(width) || width <= 0) return "desktop";
  if (width < 600) return "mobile";
  if (width < 1024) return "tablet";
  return "desktop";
}

/** How a direct visit (no referrer, no utm_source) is shown (common/lead-source.ts owns it). */
export { DIRECT_SOURCE_NAME as DIRECT_SOURCE_LABEL } from "./lead-source.ts";
/** How views beyond the paths kept per day are counted (a flood of made-up addresses). */
export const OTHER_PATH = "(other)";
/**
 * At most this many distinct paths the site has not answered are counted per day and
 * instance; the rest as OTHER_PATH. The pages the site answered are always counted by name.
 */
export const MAX_PATHS_PER_DAY = 2000;
/**
 * One network (a /24, a /48) may bring at most this many paths a day that the site has not
 * answered and the day has not seen; its views of more count as OTHER_PATH (issue 46: 2,000
 * made-up paths from 8 networks pushed the day's real pages into "(other)").
 */
export const NEW_PATHS_PER_NETWORK = 20;

/** The periods the Traffic screen offers, in days (ending today). */
export const TRAFFIC_PERIODS = [7, 30, 90] as const;
export const DEFAULT_TRAFFIC_DAYS = 30;
/** The longest range getTrafficStats answers, in days. */
export const MAX_TRAFFIC_DAYS = 366;
/** Rows of each table getTrafficStats answers (pages, sources, campaigns); the CSV has all. */
export const TRAFFIC_TOP_ROWS = 100;

/** How often each instance writes what it has counted (ms): a visit shows within 15 s. */
export const TRAFFIC_FLUSH_MS = 5_000;

/** The weekly report: Monday at this hour in the site's time zone, about the week before. */
export const WEEKLY_REPORT_HOUR = 8;

/** Enquiries per visitor, or null without visitors. */
export function conversion(enquiries: number, visitors: number): number | null {
  return visitors > 0 ? enquiries / visitors : null;
}

/** What a conversion above 100% is shown as (issue 50: it read 167% with no word on why). */
export const CONVERSION_OVER = "100%+";

/** Why a conversion can be above 100%: shown wherever one is. */
export const CONVERSION_OVER_NOTE = `${CONVERSION_OVER}: more enquiries than counted visitors. Enquiries also come from visits the statistics do not count: signed-in staff, browsers that ask not to be tracked (when that setting is on), visits before counting began, and forms a visitor's phone kept and sent later.`;

/** "4.2%" for 0.042; "–" without visitors; CONVERSION_OVER above 100%. */
export function conversionText(rate: number | null): string {
  if (rate === null) return "–";
  if (rate > 1) return CONVERSION_OVER;
  const percent = rate * 100;
  return `${percent >= 10 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)}%`;
}
