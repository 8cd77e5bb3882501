import { describe, expect, it } from "vitest";
import type { TrafficStats, TrafficTotals } from "../../../common/schemas/traffic.ts";
import {
  changeText,
  conversionChangeText,
  weeklyReportMail,
  weekText,
} from "./weekly-report-mail.ts";

const totals = (from: string, to: string, visitors: number, enquiries: number): TrafficTotals => ({
  from,
  to,
  visitors,
  pageviews: visitors * 2,
  viewsPerVisit: visitors ? 2 : null,
  enquiries,
  conversion: visitors ? enquiries / visitors : null,
});

const row = (visitors: number, enquiries: number) => ({
  visitors,
  pageviews: visitors,
  enquiries,
  conversion: visitors ? enquiries / visitors : null,
  previousVisitors: 0,
});

const stats = (visitors: number, enquiries: number): TrafficStats => ({
  ...totals("2026-11-16", "2026-11-22", visitors, enquiries),
  timeZone: "Africa/Lagos",
  previous: totals("2026-11-09", "2026-11-15", 0, 0),
  daily: [],
  pages: [
    { path: "/", ...row(600, 0) },
    { path: "/a&b", ...row(300, 1) },
  ],
  sources: [
    { source: "", ...row(700, 1) },
    { source: "google.com", ...row(200, 0) },
  ],
  campaigns: [],
  devices: [],
});

const brand = { name: "Agency <&> Co", primaryColour: "#053685", accentColour: "#DD8D15" };

describe("the weekly report's mail", () => {
  it("says the week, the visitors and the enquiries in the subject", () => {
    expect(weeklyReportMail(stats(1234, 5), brand, "https://a.test").subject).toBe(
      "Weekly report: 1,234 visitors, 5 enquiries (Nov 16–22)",
    );
    expect(weeklyReportMail(stats(1, 1), brand, "https://a.test").subject).toBe(
      "Weekly report: 1 visitor, 1 enquiry (Nov 16–22)",
    );
  });

  it("writes a week across months and years in short", () => {
    expect(weekText("2026-11-30", "2026-12-06")).toBe("Nov 30–Dec 6");
    expect(weekText("2025-12-29", "2026-01-04")).toBe("Dec 29, 2025–Jan 4, 2026");
  });

  it("says how each figure moved", () => {
    expect([changeText(110, 100), changeText(90, 100), changeText(5, 5), changeText(3, 0)]).toEqual(
      ["+10%", "−10%", "same", "new"],
    );
    expect(changeText(1001, 1000)).toBe("+<1%");
    expect(conversionChangeText(0.05, 0.04)).toBe("+1 pts");
    expect(conversionChangeText(0.04, null)).toBe("–");
  });

  it("names direct visits, escapes every text and links the Traffic screen and My account", () => {
    const mail = weeklyReportMail(stats(900, 2), brand, "https://a.test");
    expect(mail.text).toContain("1. Direct: 700 visitors, 1 enquiry, conversion 0.1%");
    expect(mail.text).toContain("2. /a&b: 300 visitors, 1 enquiry, conversion 0.3%");
    expect(mail.text).toContain("Visitors: 900 (week before: 0; new)");
    expect(mail.text).toContain("https://a.test/admin/traffic?from=2026-11-16&to=2026-11-22");
    expect(mail.html).toContain("/a&#38;b");
    expect(mail.html).toContain("Agency &#60;&#38;&#62; Co");
    expect(mail.html).not.toContain("<&>");
    expect(mail.html).toContain('href="https://a.test/admin/account"');
    expect(mail.html).toContain("background:#053685");
    // Outlook's own table aside, every tag that shows text carries its style.
    const html = mail.html.replace(/<!--\[if mso\]>.*?<!\[endif\]-->/g, "");
    expect(html).not.toMatch(/<(p|h1|h2|a|td)(?![^>]*style=)[ >]/);
  });

  it("says so when nothing was counted", () => {
    const empty = { ...stats(0, 0), pages: [], sources: [] };
    const mail = weeklyReportMail(empty, brand, "https://a.test");
    expect(mail.text).toContain("No page views counted.");
    expect(mail.text).toContain("Conversion: – (week before: –; –)");
  });
});
