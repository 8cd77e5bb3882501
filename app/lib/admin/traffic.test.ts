import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { changesOf, describeEntry, itemLink, itemName } from "./audit.ts";
import {
  changeShort,
  changeText,
  daysOf,
  exportTraffic,
  getTrafficStats,
  periodOf,
  periodParams,
  perVisitText,
  rangeOfPeriod,
  rangeProblem,
  rangeText,
  rateChangeText,
  saveTrafficSettings,
} from "./traffic.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the Traffic screen's period", () => {
  it("is read from the address: a range, else 7, 30 or 90 days, else 30", () => {
    const read = (query: string) => periodOf(new URLSearchParams(query));
    expect(read("")).toEqual({ kind: "days", days: 30 });
    expect(read("days=7")).toEqual({ kind: "days", days: 7 });
    expect(read("days=90")).toEqual({ kind: "days", days: 90 });
    expect(read("days=12")).toEqual({ kind: "days", days: 30 });
    expect(read("days=7&from=2026-11-01&to=2026-11-05")).toEqual({
      kind: "range",
      from: "2026-11-01",
      to: "2026-11-05",
    });
    // Half a range is no range.
    expect(read("from=2026-11-01&days=90")).toEqual({ kind: "days", days: 90 });
  });

  it("is written back to the address, the default one as nothing", () => {
    expect(periodParams({ kind: "days", days: 30 }).toString()).toBe("");
    expect(periodParams({ kind: "days", days: 7 }).toString()).toBe("days=7");
    expect(periodParams({ kind: "range", from: "2026-11-01", to: "2026-11-05" }).toString()).toBe(
      "from=2026-11-01&to=2026-11-05",
    );
  });

  it("ends today in Lagos time", () => {
    // 23:30 UTC on the 27th is already the 28th in Lagos (UTC+1).
    const now = Date.parse("2026-11-27T23:30:00Z");
    expect(rangeOfPeriod({ kind: "days", days: 7 }, now)).toEqual({
      from: "2026-11-22",
      to: "2026-11-28",
    });
    expect(daysOf(rangeOfPeriod({ kind: "days", days: 90 }, now))).toBe(90);
  });

  it("checks a chosen range with the API's rules and words", () => {
    expect(rangeProblem({ from: "2026-11-01", to: "2026-11-05" })).toBeUndefined();
    expect(rangeProblem({ from: "", to: "2026-11-05" })).toBe(
      "Choose both the first and the last day.",
    );
    expect(rangeProblem({ from: "2026-11-05", to: "2026-11-01" })).toBe(
      "From must not be after to.",
    );
    expect(rangeProblem({ from: "2026-02-30", to: "2026-03-01" })).toMatch(/real days/);
    expect(rangeProblem({ from: "2025-01-01", to: "2026-01-02" })).toBe(
      "A range may be at most 366 days.",
    );
  });

  it("is named in words", () => {
    expect(rangeText({ from: "2026-10-29", to: "2026-11-27" })).toBe("Oct 29 – Nov 27, 2026");
    expect(rangeText({ from: "2025-12-29", to: "2026-01-04" })).toBe("Dec 29, 2025 – Jan 4, 2026");
    expect(rangeText({ from: "2026-11-27", to: "2026-11-27" })).toBe("Nov 27, 2026");
  });
});

describe("changes from the period before", () => {
  it("are percentages with a sign, or no change, or new from nothing", () => {
    expect(changeText(112, 100, 30)).toBe("+12% on the previous 30 days");
    expect(changeText(95, 100, 7)).toBe("\u22125% on the previous 7 days");
    expect(changeText(100, 100, 30)).toBe("No change");
    expect(changeText(0, 0, 30)).toBe("No change");
    // Rounds to nothing: no change worth a number.
    expect(changeText(1001, 1000, 30)).toBe("No change");
    expect(changeText(5, 0, 90)).toBe("New: none in the previous 90 days");
    expect(changeText(0, 8, 1)).toBe("\u2212100% on the previous day");
  });

  it("of a rate are in percentage points", () => {
    expect(rateChangeText(0.05, 0.04, 30)).toBe("+1 point on the previous 30 days");
    expect(rateChangeText(0.042, 0.05, 30)).toBe("\u22120.8 points on the previous 30 days");
    expect(rateChangeText(0.05, 0.05, 30)).toBe("No change");
    expect(rateChangeText(0.05, null, 7)).toBe("No visitors in the previous 7 days");
    expect(rateChangeText(null, 0.05, 7)).toBe("No visitors in these days");
    expect(rateChangeText(null, null, 7)).toBe("No change");
  });

  it("are short in a table", () => {
    expect(changeShort(12, 10)).toBe("+20%");
    expect(changeShort(5, 10)).toBe("\u221250%");
    expect(changeShort(3, 0)).toBe("New");
    expect(changeShort(0, 0)).toBe("No change");
  });

  it("views per visit have one decimal, none without visitors", () => {
    expect(perVisitText(2.456)).toBe("2.5");
    expect(perVisitText(null)).toBe("–");
  });
});

describe("the Traffic API calls", () => {
  it("ask for the range and refuse an answer of another shape", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ visitors: "many" }));
    vi.stubGlobal("fetch", fetch);
    await expect(getTrafficStats({ from: "2026-11-01", to: "2026-11-05" })).rejects.toBeInstanceOf(
      ZodError,
    );
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/admin/traffic?from=2026-11-01&to=2026-11-05");
  });

  it("save the setting with PUT", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ respectDnt: true }));
    vi.stubGlobal("fetch", fetch);
    await expect(saveTrafficSettings({ respectDnt: true })).resolves.toEqual({
      respectDnt: true,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/admin/traffic/settings");
    expect(init?.method).toBe("PUT");
    expect(init?.body).toBe('{"respectDnt":true}');
  });

  it("download a table's CSV under the server's name", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response("Page\r\n", {
          headers: { "content-disposition": 'attachment; filename="traffic-pages-a-to-b.csv"' },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const clicked: string[] = [];
    const link = {
      href: "",
      download: "",
      click() {
        clicked.push(this.download);
      },
      remove() {},
    };
    vi.stubGlobal("document", { createElement: () => link, body: { append() {} } });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:x");
    vi.spyOn(URL, "revokeObjectURL").mockReturnValue(undefined);
    await exportTraffic("pages", { from: "2026-11-01", to: "2026-11-05" });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      "/api/admin/traffic/export/pages?from=2026-11-01&to=2026-11-05",
    );
    expect(clicked).toEqual(["traffic-pages-a-to-b.csv"]);
  });
});

describe("the Activity screen's words for the traffic setting", () => {
  const entry = {
    id: "e1",
    at: "2026-11-20T09:00:00.000Z",
    actorEmail: "owner@example.com",
    action: "update",
    type: "traffic-settings",
    entityId: "traffic",
    before: { respectDnt: false },
    after: { respectDnt: true },
  };
  it("names the act, the item, the field and links to the screen", () => {
    expect(describeEntry(entry)).toBe("Updated traffic settings");
    expect(itemName(entry)).toBe("Traffic settings");
    expect(itemLink(entry)).toBe("/admin/traffic");
    expect(changesOf(entry)).toEqual([
      {
        label: "Respect Do Not Track and Global Privacy Control",
        before: "no",
        after: "yes",
      },
    ]);
  });
});
