import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, lagosDay, naira, readTime, teaser } from "./format.ts";

describe("naira", () => {
  it("writes N and thousands separators", () => {
    expect(naira(100000)).toBe("N100,000");
    expect(naira(1_000_000_000)).toBe("N1,000,000,000");
    expect(naira(0)).toBe("N0");
    expect(naira(950)).toBe("N950");
  });
  it("says Price on request instead of NaN", () => {
    expect(naira(undefined)).toBe("Price on request");
    expect(naira(null)).toBe("Price on request");
    expect(naira(Number.NaN)).toBe("Price on request");
  });
});

describe("readTime", () => {
  it("is singular for one minute and plural otherwise", () => {
    expect(readTime(1)).toBe("1 min read");
    expect(readTime(2)).toBe("2 mins read");
    expect(readTime(12)).toBe("12 mins read");
    expect(readTime(0)).toBe("1 min read");
  });
});

describe("teaser", () => {
  const sixteen =
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen";
  it("keeps the first 15 words and adds an ellipsis when longer", () => {
    expect(teaser(sixteen)).toBe(
      "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen...",
    );
  });
  it("adds no ellipsis when the text is short enough", () => {
    expect(teaser("just a few words")).toBe("just a few words");
    expect(teaser(sixteen.split(" ").slice(0, 15).join(" "))).not.toContain("...");
  });
  it("reads an array of points and drops heading and bullet marks", () => {
    expect(teaser(["# Title here", "* first point", "body"], 4)).toBe("Title here first point...");
  });
  it("takes another word count (the admin table uses 10)", () => {
    expect(teaser(sixteen, 10)).toBe("one two three four five six seven eight nine ten...");
  });
});

describe("dates in Lagos", () => {
  it("formats en-US short dates in Africa/Lagos", () => {
    expect(formatDate("2026-11-21T10:00:00Z")).toBe("Nov 21, 2026");
    // 23:30 UTC is already the next day in Lagos (UTC+1)
    expect(formatDate("2026-11-21T23:30:00Z")).toBe("Nov 22, 2026");
    expect(lagosDay("2026-11-21T23:30:00Z")).toBe("2026-11-22");
    expect(formatDateTime("2026-11-21T14:04:00Z")).toBe("Nov 21, 2026, 3:04 PM");
  });
  it("gives an empty string for a bad date", () => {
    expect(formatDate("not a date")).toBe("");
  });
});
