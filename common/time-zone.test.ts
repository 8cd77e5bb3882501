import { describe, expect, it } from "vitest";
import {
  AGENCY_TIME_ZONE,
  addDays,
  dayIn,
  dayRange,
  dayStart,
  instantOfWall,
  mondayOf,
  wallInputValue,
  timestampIn,
  weekStarts,
} from "./time-zone.ts";
import { site } from "./site-config.ts";

describe("the agency's time zone", () => {
  it("is the one of site-config", () => {
    expect(AGENCY_TIME_ZONE).toBe(site.timeZone);
    expect(AGENCY_TIME_ZONE).toBe("Africa/Lagos");
  });

  it("Lagos: days start at 23:00 UTC the evening before", () => {
    expect(dayStart("2026-11-21")).toBe("2026-11-20T23:00:00.000Z");
    expect(dayStart("2026-11-21", 1)).toBe("2026-11-21T23:00:00.000Z");
    expect(dayIn("2026-11-21T22:59:59.999Z")).toBe("2026-11-21");
    expect(dayIn("2026-11-21T23:00:00.000Z")).toBe("2026-11-22");
    expect(timestampIn("2026-11-21T14:04:59Z")).toBe("2026-11-21 15:04");
    expect(dayRange("2026-02-01", "2026-02-03")).toEqual({
      from: "2026-01-31T23:00:00.000Z",
      to: "2026-02-03T23:00:00.000Z",
    });
  });
});

// A zone with daylight saving: the boundaries move with the clocks, which a fixed offset
// gets wrong for half the year.
describe("day boundaries in Europe/London across the clock changes", () => {
  const zone = "Europe/London";

  it("March: the day of the change has 23 hours; after it days start at 23:00 UTC", () => {
    expect(dayStart("2026-03-28", 0, zone)).toBe("2026-03-28T00:00:00.000Z");
    expect(dayStart("2026-03-29", 0, zone)).toBe("2026-03-29T00:00:00.000Z");
    expect(dayStart("2026-03-30", 0, zone)).toBe("2026-03-29T23:00:00.000Z");
    expect(dayStart("2026-03-29", 1, zone)).toBe("2026-03-29T23:00:00.000Z");
    const length =
      Date.parse(dayStart("2026-03-30", 0, zone)) - Date.parse(dayStart("2026-03-29", 0, zone));
    expect(length / 3_600_000).toBe(23);
    expect(dayIn("2026-03-29T22:59:59.999Z", zone)).toBe("2026-03-29");
    expect(dayIn("2026-03-29T23:00:00.000Z", zone)).toBe("2026-03-30");
    // 00:30 UTC is 00:30 GMT before the change and 01:30 BST (same day) after it.
    expect(timestampIn("2026-03-29T00:30:00Z", zone)).toBe("2026-03-29 00:30");
    expect(timestampIn("2026-03-29T01:30:00Z", zone)).toBe("2026-03-29 02:30");
  });

  it("October: the day of the change has 25 hours; after it days start at midnight UTC", () => {
    expect(dayStart("2026-10-24", 0, zone)).toBe("2026-10-23T23:00:00.000Z");
    expect(dayStart("2026-10-25", 0, zone)).toBe("2026-10-24T23:00:00.000Z");
    expect(dayStart("2026-10-26", 0, zone)).toBe("2026-10-26T00:00:00.000Z");
    const length =
      Date.parse(dayStart("2026-10-26", 0, zone)) - Date.parse(dayStart("2026-10-25", 0, zone));
    expect(length / 3_600_000).toBe(25);
    expect(dayIn("2026-10-25T23:59:59.999Z", zone)).toBe("2026-10-25");
    expect(dayIn("2026-10-26T00:00:00.000Z", zone)).toBe("2026-10-26");
    expect(dayRange("2026-10-25", "2026-10-25", zone)).toEqual({
      from: "2026-10-24T23:00:00.000Z",
      to: "2026-10-26T00:00:00.000Z",
    });
  });

  it("'this week' and the weeks before: Mondays of the zone, across both changes", () => {
    // Sunday 23:30 UTC on 29 March is already Monday 00:30 in London (BST).
    expect(weekStarts(new Date("2026-03-29T23:30:00Z"), 2, zone)).toEqual([
      "2026-03-23",
      "2026-03-30",
    ]);
    expect(weekStarts(new Date("2026-03-29T23:30:00Z"), 1, AGENCY_TIME_ZONE)).toEqual([
      "2026-03-30",
    ]);
    // Sunday 23:30 UTC on 25 October is still Sunday in London (GMT again).
    expect(weekStarts(new Date("2026-10-25T23:30:00Z"), 1, zone)).toEqual(["2026-10-19"]);
    expect(dayStart(weekStarts(new Date("2026-11-02T12:00:00Z"), 1, zone)[0]!, 0, zone)).toBe(
      "2026-11-02T00:00:00.000Z",
    );
  });

  it("a zone whose clocks skip midnight: the day starts when it begins", () => {
    // Santiago (Chile) moved its clocks from 00:00 to 01:00 on 2026-09-06.
    const chile = "America/Santiago";
    const start = dayStart("2026-09-06", 0, chile);
    expect(dayIn(start, chile)).toBe("2026-09-06");
    expect(dayIn(Date.parse(start) - 1, chile)).toBe("2026-09-05");
    expect(timestampIn(start, chile)).toBe("2026-09-06 01:00");
  });

  it("calendar arithmetic without zones", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
  });
});

describe("a datetime-local field on the agency's clock (issue 50: the schedule field)", () => {
  it("reads and writes Lagos time whatever the browser's zone", () => {
    expect(instantOfWall("2026-12-02T09:30")).toBe("2026-12-02T08:30:00.000Z");
    expect(instantOfWall("2026-12-02T09:30:15")).toBe("2026-12-02T08:30:15.000Z");
    expect(wallInputValue("2026-12-02T08:30:00.000Z")).toBe("2026-12-02T09:30");
    expect(wallInputValue("2026-12-02T08:30:15.000Z")).toBe("2026-12-02T09:30:15");
    expect(instantOfWall("")).toBe("");
    expect(instantOfWall("tomorrow")).toBe("");
  });

  it("crosses a clock change in a zone with daylight saving", () => {
    // London: 29 March 2026, 01:00 GMT becomes 02:00 BST.
    expect(instantOfWall("2026-03-29T00:30", "Europe/London")).toBe("2026-03-29T00:30:00.000Z");
    expect(instantOfWall("2026-03-29T03:00", "Europe/London")).toBe("2026-03-29T02:00:00.000Z");
    expect(wallInputValue("2026-03-29T02:00:00.000Z", "Europe/London")).toBe("2026-03-29T03:00");
  });
});
