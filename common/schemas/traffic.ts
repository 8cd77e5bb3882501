import { z } from "zod";
import { HOST_PATTERN, LEAD_SOURCE_MAX } from "../lead-source.ts";
import { sitePath } from "../site-path.ts";
import { DEVICE_CLASSES, MAX_TRAFFIC_DAYS } from "../traffic.ts";
import { isCalendarDay } from "./enquiry.ts";

// The Traffic API (issue 33, decision 0037). Constants the public beacon needs live in
// common/traffic.ts, free of zod.

/** What a page's beacon sends: POST /api/traffic/views (recordPageView). */
export const pageViewBeaconSchema = z.object({
  path: z
    .string()
    .max(LEAD_SOURCE_MAX.page)
    .regex(/^\/[^\s?#]*$/, "Path must be a path of this site, such as /blog.")
    // Not `//host` or `/\host`, which a browser reads as another site (issue 46).
    .refine(
      (path) => sitePath(path) !== undefined,
      "Path must be a path of this site, such as /blog.",
    ),
  referrer: z.string().max(LEAD_SOURCE_MAX.referrer).regex(HOST_PATTERN).optional(),
  utmSource: z.string().max(LEAD_SOURCE_MAX.utm).optional(),
  utmCampaign: z.string().max(LEAD_SOURCE_MAX.utm).optional(),
  width: z.number().int().min(0).max(100_000).optional(),
});

const isoDay = z
  .string()
  .refine(isCalendarDay, "Dates must be real days written as yyyy-mm-dd.")
  .optional();

/**
 * GET /api/admin/traffic (getTrafficStats): `from` and `to` are calendar days in the site's
 * time zone, both counted; without them the last 30 days up to today.
 */
export const trafficQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "From must not be after to.",
    path: ["from"],
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
        MAX_TRAFFIC_DAYS,
    { message: `A range may be at most ${MAX_TRAFFIC_DAYS} days.`, path: ["to"] },
  );
export type TrafficQuery = z.infer<typeof trafficQuerySchema>;

const count = z.number().int().min(0);
const rate = z
  .number()
  .nullable()
  .meta({ description: "Enquiries ÷ visitors (0.042 is 4.2%); null without visitors." });

/** The headline figures of a period. */
export const trafficTotalsSchema = z.object({
  from: z.string().meta({ description: "First day counted, yyyy-mm-dd." }),
  to: z.string().meta({ description: "Last day counted, yyyy-mm-dd." }),
  visitors: count.meta({ description: "Visitors, each counted once a day." }),
  pageviews: count,
  viewsPerVisit: z.number().nullable().meta({ description: "Page views ÷ visitors." }),
  enquiries: count.meta({ description: "Enquiries received (spam left out)." }),
  conversion: rate,
});
export type TrafficTotals = z.infer<typeof trafficTotalsSchema>;

const compared = {
  previousVisitors: count.meta({ description: "Visitors in the period before, as long." }),
};

export const trafficStatsSchema = trafficTotalsSchema.extend({
  timeZone: z.string().meta({ description: "The time zone the days are counted in." }),
  previous: trafficTotalsSchema.meta({
    description: "The same figures for the period of the same length just before.",
  }),
  daily: z
    .array(z.object({ day: z.string(), visitors: count, pageviews: count, enquiries: count }))
    .meta({ description: "Every day of the period, oldest first; a day without visits is 0." }),
  pages: z
    .array(
      z.object({
        path: z.string(),
        visitors: count,
        pageviews: count,
        enquiries: count.meta({ description: "Enquiries sent from this page." }),
        conversion: rate,
        ...compared,
      }),
    )
    .meta({ description: "Most visitors first (then most enquiries); at most 100." }),
  sources: z
    .array(
      z.object({
        source: z
          .string()
          .meta({ description: 'utm_source, else the referrer host; "" for direct visits.' }),
        visitors: count,
        pageviews: count,
        enquiries: count,
        conversion: rate,
        ...compared,
      }),
    )
    .meta({ description: "Most visitors first (then most enquiries); at most 100." }),
  campaigns: z
    .array(
      z.object({
        campaign: z.string().meta({ description: "utm_campaign." }),
        visitors: count,
        pageviews: count,
        enquiries: count,
        conversion: rate,
        ...compared,
      }),
    )
    .meta({ description: "Visits and enquiries with a utm_campaign; at most 100." }),
  devices: z
    .array(
      z.object({ device: z.enum(DEVICE_CLASSES), visitors: count, pageviews: count, ...compared }),
    )
    .meta({ description: "Every device class, phones first." }),
});
export type TrafficStats = z.infer<typeof trafficStatsSchema>;

/** The tables of the Traffic screen that export as CSV. */
export const TRAFFIC_TABLES = ["daily", "pages", "sources", "campaigns", "devices"] as const;
export type TrafficTable = (typeof TRAFFIC_TABLES)[number];

/** GET/PUT /api/admin/traffic/settings (owners change them). */
export const trafficSettingsSchema = z.object({
  respectDnt: z.boolean({ error: "respectDnt must be true or false." }).meta({
    description: "Browsers that send Sec-GPC: 1 or DNT: 1 are not counted.",
  }),
});
export type TrafficSettings = z.infer<typeof trafficSettingsSchema>;
