import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TrafficStats } from "../../../common/schemas/traffic.ts";
import { DailyTrafficChart, dailySummary, labelledDays } from "./traffic-chart.tsx";
import { DevicesTable, PagesTable, SourcesTable } from "./traffic-tables.tsx";

// The Traffic screen's chart and tables are plain markup React draws the same on the server
// and in the browser: a chart with a text alternative and its numbers as a table.

const totals = {
  from: "2026-11-20",
  to: "2026-11-22",
  visitors: 19,
  pageviews: 39,
  viewsPerVisit: 39 / 19,
  enquiries: 2,
  conversion: 2 / 19,
};

const stats: TrafficStats = {
  ...totals,
  timeZone: "Africa/Lagos",
  previous: { ...totals, from: "2026-11-17", to: "2026-11-19", visitors: 0, pageviews: 0 },
  daily: [
    { day: "2026-11-20", visitors: 15, pageviews: 31, enquiries: 1 },
    { day: "2026-11-21", visitors: 0, pageviews: 0, enquiries: 1 },
    { day: "2026-11-22", visitors: 4, pageviews: 8, enquiries: 0 },
  ],
  pages: [
    {
      path: "/contact",
      visitors: 8,
      pageviews: 16,
      enquiries: 2,
      conversion: 0.25,
      previousVisitors: 4,
    },
    {
      path: "(other)",
      visitors: 1,
      pageviews: 1,
      enquiries: 0,
      conversion: 0,
      previousVisitors: 0,
    },
  ],
  sources: [
    { source: "", visitors: 6, pageviews: 7, enquiries: 1, conversion: 1 / 6, previousVisitors: 6 },
  ],
  campaigns: [],
  devices: [
    { device: "mobile", visitors: 14, pageviews: 33, previousVisitors: 0 },
    { device: "tablet", visitors: 0, pageviews: 0, previousVisitors: 0 },
    { device: "desktop", visitors: 5, pageviews: 6, previousVisitors: 10 },
  ],
};

describe("the daily chart", () => {
  it("says what it shows in a sentence", () => {
    expect(dailySummary(stats)).toBe(
      "19 visitors and 2 enquiries, Nov 20 – Nov 22, 2026 (days in Lagos time). Busiest day: Nov 20 with 15 visitors.",
    );
    expect(
      dailySummary({
        ...stats,
        daily: [{ day: "2026-11-20", visitors: 0, pageviews: 0, enquiries: 1 }],
      }),
    ).toBe("0 visitors and 1 enquiry, Nov 20 – Nov 22, 2026 (days in Lagos time).");
  });

  it("labels about eight days, the last one always", () => {
    expect([...labelledDays(7)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const ninety = labelledDays(90);
    expect(ninety.has(89)).toBe(true);
    expect(ninety.size).toBeLessThanOrEqual(8);
    expect(labelledDays(1)).toEqual(new Set([0]));
  });

  it("draws a bar per day with visitors or enquiries, and the numbers as a table", () => {
    const html = renderToStaticMarkup(<DailyTrafficChart stats={stats} />);
    expect(html).toContain('role="img"');
    expect(html).toContain("<title>Nov 20: 15 visitors</title>");
    expect(html).toContain("<title>Nov 21: 1 enquiry</title>");
    // Two days with visitors, two with enquiries: four bars.
    expect(html.match(/<rect /g)).toHaveLength(4);
    expect(html).toContain("Show as table");
    expect(html).toMatch(/Nov 21, 2026<\/th><td[^>]*>0<\/td><td[^>]*>0<\/td><td[^>]*>1<\/td>/);
  });
});

describe("the tables", () => {
  it("link each page to the site, with its change and conversion", () => {
    const html = renderToStaticMarkup(<PagesTable stats={stats} />);
    expect(html).toContain('<a href="/contact"');
    expect(html).not.toContain('href="(other)"');
    expect(html).toContain(">+100%<");
    expect(html).toContain(">25%<");
  });

  it("name a direct visit and every device", () => {
    expect(renderToStaticMarkup(<SourcesTable stats={stats} />)).toContain(">Direct<");
    const devices = renderToStaticMarkup(<DevicesTable stats={stats} />);
    for (const text of [">Phone<", ">Tablet<", ">Computer<", ">74%<", ">New<", ">\u221250%<"]) {
      expect(devices).toContain(text);
    }
  });
});
