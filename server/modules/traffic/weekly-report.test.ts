import { describe, expect, it } from "vitest";
import {
  parseReportSubject,
  reportedWeek,
  reportSubject,
  wallClockInstant,
} from "./weekly-report.ts";

const at = (ms: number) => new Date(ms).toISOString();

describe("wallClockInstant", () => {
  it("is 08:00 in Lagos (UTC+1 all year) on a Monday", () => {
    expect(at(wallClockInstant("2026-11-23", 8, "Africa/Lagos"))).toBe("2026-11-23T07:00:00.000Z");
  });

  it("follows daylight saving: summer and winter, and the day the clocks change", () => {
    const berlin = "Europe/Berlin";
    expect(at(wallClockInstant("2026-07-06", 8, berlin))).toBe("2026-07-06T06:00:00.000Z");
    expect(at(wallClockInstant("2026-11-23", 8, berlin))).toBe("2026-11-23T07:00:00.000Z");
    // Clocks went forward at 02:00 that morning, back at 03:00 on 2026-10-25.
    expect(at(wallClockInstant("2026-03-29", 8, berlin))).toBe("2026-03-29T06:00:00.000Z");
    expect(at(wallClockInstant("2026-10-25", 8, berlin))).toBe("2026-10-25T07:00:00.000Z");
    // 02:00 on 2026-03-29 does not exist: the instant the clocks jump to 03:00.
    expect(at(wallClockInstant("2026-03-29", 2, berlin))).toBe("2026-03-29T01:00:00.000Z");
    // 02:00 on 2026-10-25 comes twice: the first one.
    expect(at(wallClockInstant("2026-10-25", 2, berlin))).toBe("2026-10-25T00:00:00.000Z");
  });
});

describe("the report's subject", () => {
  it("names the owner and the Monday, and reads back", () => {
    const subject = reportSubject("a1b2-c3", "2026-11-23");
    expect(subject).toBe("a1b2-c3/2026-11-23");
    expect(parseReportSubject(subject)).toEqual({ adminId: "a1b2-c3", monday: "2026-11-23" });
    expect(parseReportSubject("an-enquiry-id")).toBeUndefined();
  });

  it("is about the Monday-to-Sunday week before", () => {
    expect(reportedWeek("2026-11-23")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(reportedWeek("2026-01-05")).toEqual({ from: "2025-12-29", to: "2026-01-04" });
  });
});
