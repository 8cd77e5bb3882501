import { describe, expect, it } from "vitest";
import { daysIn, previousRange, rangeOf } from "./stats.ts";

// The days getTrafficStats counts: calendar days in the site's time zone (Lagos, UTC+1).

describe("the range of the Traffic figures", () => {
  it("is the days asked for, else the 30 days up to today in Lagos", () => {
    // 23:30 UTC on the 27th is 00:30 on the 28th in Lagos.
    const now = Date.parse("2026-11-27T23:30:00Z");
    expect(rangeOf({}, now)).toEqual({ from: "2026-10-30", to: "2026-11-28" });
    expect(rangeOf({ from: "2026-11-01", to: "2026-11-03" }, now)).toEqual({
      from: "2026-11-01",
      to: "2026-11-03",
    });
    expect(rangeOf({ from: "2026-11-01" }, now)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(rangeOf({ to: "2026-11-30" }, now)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  });

  it("counts both ends, and the period before is as long, across months and years", () => {
    expect(daysIn({ from: "2026-11-27", to: "2026-11-27" })).toBe(1);
    expect(daysIn({ from: "2026-02-01", to: "2026-03-01" })).toBe(29);
    expect(previousRange({ from: "2026-11-20", to: "2026-11-26" })).toEqual({
      from: "2026-11-13",
      to: "2026-11-19",
    });
    expect(previousRange({ from: "2026-01-01", to: "2026-01-31" })).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });
});
