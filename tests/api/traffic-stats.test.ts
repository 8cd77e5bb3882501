import { beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "../../common/schemas/audit.ts";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import type { TrafficSettings, TrafficStats } from "../../common/schemas/traffic.ts";
import { HONEYPOT_FIELD } from "../../common/enquiry-fields.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { call, expectAdminOnly, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// The Traffic screen's API (issue 33, decision 0037), on SQLite and PostgreSQL: the counted
// visits of a range of days next to the enquiries of the same days (Lagos time, UTC+1), by
// day, page, source, campaign and device; the CSV of each table; the owners' setting.

/** The app's "now": noon in Lagos on Friday 27 November 2026. */
const NOW = Date.parse("2026-11-27T11:00:00Z");
/** The range the tests ask for (a week) and the week before it. */
const RANGE = "from=2026-11-20&to=2026-11-26";

type Visits = [
  day: string,
  source: string,
  campaign: string,
  device: string,
  n: number,
  views: number,
];
type Pages = [day: string, path: string, source: string, device: string, n: number, views: number];

const visitors: Visits[] = [
  ["2026-11-20", "google.com", "", "mobile", 10, 25],
  ["2026-11-20", "", "", "desktop", 5, 6],
  ["2026-11-22", "whatsapp", "december-promo", "mobile", 4, 8],
  ["2026-11-26", "", "", "tablet", 1, 1],
  // The week before.
  ["2026-11-15", "google.com", "", "mobile", 3, 3],
  // Outside both: today, and the day before the week before.
  ["2026-11-27", "", "", "desktop", 100, 100],
  ["2026-11-12", "", "", "desktop", 50, 50],
];
const pages: Pages[] = [
  ["2026-11-20", "/", "google.com", "mobile", 10, 15],
  ["2026-11-20", "/contact", "", "desktop", 5, 6],
  ["2026-11-20", "/contact", "google.com", "mobile", 3, 10],
  ["2026-11-22", "/social-media", "whatsapp", "mobile", 4, 8],
  ["2026-11-26", "/", "", "tablet", 1, 1],
  ["2026-11-15", "/", "google.com", "mobile", 3, 3],
  ["2026-11-27", "/", "", "desktop", 100, 100],
  ["2026-11-12", "/", "", "desktop", 50, 50],
];

describe("getTrafficStats and its exports", () => {
  const t = useTestApp({}, { clock: () => NOW });
  let headers: { authorization: string };

  /** An enquiry sent through the form's API, then dated `at` (an instant, UTC). */
  async function enquiry(at: string, extra: Record<string, unknown> = {}) {
    const sent = await call<Enquiry>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: { ...payloads.home, ...extra },
    });
    expect(sent.status).toBe(201);
    await t.app.services.database.db
      .updateTable("enquiries")
      .set({ created_at: new Date(at).toISOString() })
      .where("id", "=", sent.body._id)
      .execute();
  }

  beforeAll(async () => {
    headers = await t.adminHeaders();
    const { db } = t.app.services.database;
    await db
      .insertInto("traffic_visitors")
      .values(
        visitors.map(([day, source, campaign, device, n, views]) => ({
          day,
          source,
          campaign,
          device,
          visitors: n,
          views,
        })),
      )
      .execute();
    await db
      .insertInto("traffic_pages")
      .values(
        pages.map(([day, path, source, device, n, views]) => ({
          day,
          path,
          source,
          device,
          visitors: n,
          views,
        })),
      )
      .execute();
    // 00:00 on the 20th in Lagos is 23:00 UTC the day before: the first day of the range.
    await enquiry("2026-11-19T23:00:00Z", { source: { page: "/contact", referrer: "google.com" } });
    // 00:30 on the 21st in Lagos; the referrer's "www." and capitals do not make a new source.
    await enquiry("2026-11-20T23:30:00Z", {
      source: { page: "/contact", referrer: "www.Google.com" },
    });
    await enquiry("2026-11-22T10:00:00Z", {
      source: { page: "/social-media", utmSource: "WhatsApp", utmCampaign: "december-promo" },
    });
    // 23:59:59 on the 26th in Lagos (no source: direct): the last second of the range.
    await enquiry("2026-11-26T22:59:59Z");
    // 00:00 on the 27th in Lagos: after the range.
    await enquiry("2026-11-26T23:00:00Z", { source: { page: "/contact" } });
    // 23:59 on the 19th in Lagos: the week before.
    await enquiry("2026-11-19T22:59:00Z");
    // Spam (the honeypot filled) is never counted.
    await enquiry("2026-11-21T10:00:00Z", {
      source: { page: "/contact", referrer: "google.com" },
      [HONEYPOT_FIELD]: "robot",
    });
  });

  const stats = (query = RANGE) =>
    call<TrafficStats & { error?: string }>(t.app, {
      method: "GET",
      url: `/api/admin/traffic?${query}`,
      headers,
    });

  it("adds up the days of the range and of the week before, in Lagos time", async () => {
    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      timeZone: "Africa/Lagos",
      from: "2026-11-20",
      to: "2026-11-26",
      visitors: 20,
      pageviews: 40,
      viewsPerVisit: 2,
      enquiries: 4,
      conversion: 0.2,
    });
    expect(body.previous).toEqual({
      from: "2026-11-13",
      to: "2026-11-19",
      visitors: 3,
      pageviews: 3,
      viewsPerVisit: 1,
      enquiries: 1,
      conversion: 1 / 3,
    });
  });

  it("answers every day of the range, a day without visits as 0", async () => {
    const { body } = await stats();
    expect(body.daily).toEqual([
      { day: "2026-11-20", visitors: 15, pageviews: 31, enquiries: 1 },
      { day: "2026-11-21", visitors: 0, pageviews: 0, enquiries: 1 },
      { day: "2026-11-22", visitors: 4, pageviews: 8, enquiries: 1 },
      { day: "2026-11-23", visitors: 0, pageviews: 0, enquiries: 0 },
      { day: "2026-11-24", visitors: 0, pageviews: 0, enquiries: 0 },
      { day: "2026-11-25", visitors: 0, pageviews: 0, enquiries: 0 },
      { day: "2026-11-26", visitors: 1, pageviews: 1, enquiries: 1 },
    ]);
  });

  it("joins pages, sources and campaigns to their enquiries, with conversion", async () => {
    const { body } = await stats();
    expect(body.pages).toEqual([
      { path: "/", visitors: 11, pageviews: 16, enquiries: 0, conversion: 0, previousVisitors: 3 },
      {
        path: "/contact",
        visitors: 8,
        pageviews: 16,
        enquiries: 2,
        conversion: 0.25,
        previousVisitors: 0,
      },
      {
        path: "/social-media",
        visitors: 4,
        pageviews: 8,
        enquiries: 1,
        conversion: 0.25,
        previousVisitors: 0,
      },
    ]);
    expect(body.sources).toEqual([
      {
        source: "google",
        visitors: 10,
        pageviews: 25,
        enquiries: 2,
        conversion: 0.2,
        previousVisitors: 3,
      },
      {
        source: "",
        visitors: 6,
        pageviews: 7,
        enquiries: 1,
        conversion: 1 / 6,
        previousVisitors: 0,
      },
      {
        source: "whatsapp",
        visitors: 4,
        pageviews: 8,
        enquiries: 1,
        conversion: 0.25,
        previousVisitors: 0,
      },
    ]);
    expect(body.campaigns).toEqual([
      {
        campaign: "december-promo",
        visitors: 4,
        pageviews: 8,
        enquiries: 1,
        conversion: 0.25,
        previousVisitors: 0,
      },
    ]);
    expect(body.devices).toEqual([
      { device: "mobile", visitors: 14, pageviews: 33, previousVisitors: 3 },
      { device: "tablet", visitors: 1, pageviews: 1, previousVisitors: 0 },
      { device: "desktop", visitors: 5, pageviews: 6, previousVisitors: 0 },
    ]);
  });

  it("without days, answers the 30 days up to today; a range without visits has every device", async () => {
    const { body } = await stats("");
    expect([body.from, body.to]).toEqual(["2026-10-29", "2026-11-27"]);
    expect(body.visitors).toBe(173);
    expect(body.daily).toHaveLength(30);
    const quiet = await stats("from=2025-01-01&to=2025-01-31");
    expect(quiet.body).toMatchObject({ visitors: 0, pageviews: 0, enquiries: 0, conversion: null });
    expect(quiet.body.viewsPerVisit).toBeNull();
    expect(quiet.body.pages).toEqual([]);
    expect(quiet.body.devices.map((d) => [d.device, d.visitors])).toEqual([
      ["mobile", 0],
      ["tablet", 0],
      ["desktop", 0],
    ]);
  });

  it("refuses bad days with 400 JSON, and strangers with 401", async () => {
    const bad: [string, RegExp][] = [
      ["from=2026-02-30&to=2026-03-01", /real days/],
      ["from=27-11-2026", /real days/],
      ["from=2026-11-27&to=2026-11-20", /From must not be after to/],
      ["from=2025-01-01&to=2026-01-02", /at most 366 days/],
    ];
    for (const [query, message] of bad) {
      const { status, body, response } = await stats(query);
      expect(`${query}: ${status}`).toBe(`${query}: 400`);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(body.error).toMatch(message);
    }
    // 366 days, both counted, is the most.
    expect((await stats("from=2025-01-01&to=2026-01-01")).status).toBe(200);
    await expectAdminOnly(t, { method: "GET", url: `/api/admin/traffic?${RANGE}` });
    await expectAdminOnly(t, { method: "GET", url: `/api/admin/traffic/export/pages?${RANGE}` });
  });

  it("exports each table as CSV named by its days, every row, in words a spreadsheet shows", async () => {
    const csv = async (table: string, query = RANGE) => {
      const answer = await call<string>(t.app, {
        method: "GET",
        url: `/api/admin/traffic/export/${table}?${query}`,
        headers,
      });
      return answer;
    };
    const pagesCsv = await csv("pages");
    expect(pagesCsv.status).toBe(200);
    expect(pagesCsv.response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(pagesCsv.response.headers["content-disposition"]).toBe(
      'attachment; filename="traffic-pages-2026-11-20-to-2026-11-26.csv"',
    );
    const lines = (body: string) =>
      body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
    expect(lines(pagesCsv.body)).toEqual([
      'Page,Visitors,Page views,Enquiries,Conversion,"Visitors, period before"',
      "/,11,16,0,0%,3",
      "/contact,8,16,2,25%,0",
      "/social-media,4,8,1,25%,0",
    ]);
    expect(lines((await csv("sources")).body)).toEqual([
      'Source,Visitors,Page views,Enquiries,Conversion,"Visitors, period before"',
      "google,10,25,2,20%,3",
      "Direct,6,7,1,17%,0",
      "whatsapp,4,8,1,25%,0",
    ]);
    expect(lines((await csv("campaigns")).body)).toEqual([
      'Campaign,Visitors,Page views,Enquiries,Conversion,"Visitors, period before"',
      "december-promo,4,8,1,25%,0",
    ]);
    expect(lines((await csv("devices")).body)).toEqual([
      'Device,Visitors,Page views,"Visitors, period before"',
      "Phone,14,33,3",
      "Tablet,1,1,0",
      "Computer,5,6,0",
    ]);
    const daily = lines((await csv("daily")).body);
    expect(daily[0]).toBe("Day,Visitors,Page views,Enquiries");
    expect(daily.slice(1, 3)).toEqual(["2026-11-20,15,31,1", "2026-11-21,0,0,1"]);
    expect(daily).toHaveLength(8);
    // Without visitors, the conversion cell is empty rather than a made-up 0%.
    const quiet = await csv("sources", "from=2026-11-21&to=2026-11-21");
    expect(lines(quiet.body)).toEqual([
      'Source,Visitors,Page views,Enquiries,Conversion,"Visitors, period before"',
      "google,0,0,1,,10",
    ]);

    const unknown = await csv("visitors");
    expect(unknown.status).toBe(400);
    expect((unknown.body as unknown as { error: string }).error).toMatch(/daily, pages, sources/);
    expect((await csv("pages", "from=2026-11-27&to=2026-11-01")).status).toBe(400);
  });

  it("exports more rows than the API answers", async () => {
    const { db } = t.app.services.database;
    const many = Array.from({ length: 105 }, (_, i) => ({
      day: "2026-06-01",
      path: `/p${i}`,
      source: "",
      device: "desktop",
      visitors: 1,
      views: 1,
    }));
    await db.insertInto("traffic_pages").values(many).execute();
    const query = "from=2026-06-01&to=2026-06-01";
    expect((await stats(query)).body.pages).toHaveLength(100);
    const answer = await call<string>(t.app, {
      method: "GET",
      url: `/api/admin/traffic/export/pages?${query}`,
      headers,
    });
    expect(answer.body.trimEnd().split("\r\n")).toHaveLength(106);
  });
});

describe("one source per network (issue 50)", () => {
  const t = useTestApp({}, { clock: () => NOW });

  it("counts a UTM source and a referrer host of one network, stored then or now, as one", async () => {
    const headers = await t.adminHeaders();
    const { db } = t.app.services.database;
    // Stored visits keep their keys: "facebook.com" from before the rule, "facebook" after.
    await db
      .insertInto("traffic_visitors")
      .values(
        (
          [
            ["facebook.com", 3, 4],
            ["facebook", 2, 2],
            ["l.facebook.com", 1, 1],
            ["lnkd.in", 1, 1],
          ] as const
        ).map(([source, n, views]) => ({
          day: "2026-11-21",
          source,
          campaign: "",
          device: "mobile",
          visitors: n,
          views,
        })),
      )
      .execute();
    for (const source of [{ utmSource: "FB" }, { referrer: "m.facebook.com" }]) {
      const sent = await call<Enquiry>(t.app, {
        method: "POST",
        url: "/api/contact",
        payload: { ...payloads.home, source: { page: "/contact", ...source } },
      });
      expect(sent.status).toBe(201);
      await db
        .updateTable("enquiries")
        .set({ created_at: "2026-11-21T10:00:00.000Z" })
        .where("id", "=", sent.body._id)
        .execute();
    }
    const { body } = await call<TrafficStats>(t.app, {
      method: "GET",
      url: `/api/admin/traffic?${RANGE}`,
      headers,
    });
    expect(body.sources).toEqual([
      {
        source: "facebook",
        visitors: 6,
        pageviews: 7,
        enquiries: 2,
        conversion: 2 / 6,
        previousVisitors: 0,
      },
      {
        source: "linkedin",
        visitors: 1,
        pageviews: 1,
        enquiries: 0,
        conversion: 0,
        previousVisitors: 0,
      },
    ]);
  });
});

describe("traffic settings", () => {
  const t = useTestApp();

  async function signIn(role: "owner" | "editor") {
    const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
    await t.app.services.admins.create(email, TEST_PASSWORD, role);
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
    });
    return { authorization: `Bearer ${login.body.token}` };
  }

  const read = (headers: Record<string, string>) =>
    call<TrafficSettings>(t.app, { method: "GET", url: "/api/admin/traffic/settings", headers });
  const save = (headers: Record<string, string>, payload: unknown) =>
    call<TrafficSettings & { error?: string }>(t.app, {
      method: "PUT",
      url: "/api/admin/traffic/settings",
      headers,
      payload: payload as object,
    });

  it("are saved by owners only, on record in Activity, and announced to every instance", async () => {
    const owner = await signIn("owner");
    const editor = await signIn("editor");
    expect((await read(editor)).body).toEqual({ respectDnt: false });

    const heard: string[] = [];
    const stop = t.app.services.changes.subscribe((topic) => heard.push(topic));
    try {
      const refused = await save(editor, { respectDnt: true });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBeTypeOf("string");
      expect(heard).toEqual([]);

      const bad = await save(owner, { respectDnt: "yes" });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/respectDnt must be true or false/);

      const saved = await save(owner, { respectDnt: true });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ respectDnt: true });
      expect(heard).toEqual(["traffic"]);
    } finally {
      stop();
    }
    expect((await read(editor)).body).toEqual({ respectDnt: true });
    const rows = await t.app.services.database.db
      .selectFrom("traffic_settings")
      .selectAll()
      .execute();
    expect(rows.map((row) => [row.id, Number(row.respect_dnt)])).toEqual([["traffic", 1]]);
    // Saved again: still the one row.
    expect((await save(owner, { respectDnt: false })).body).toEqual({ respectDnt: false });
    expect(
      await t.app.services.database.db.selectFrom("traffic_settings").selectAll().execute(),
    ).toHaveLength(1);

    const log = await call<AuditPage>(t.app, {
      method: "GET",
      url: "/api/audit?type=traffic-settings",
      headers: owner,
    });
    expect(log.body.entries.map((e) => [e.action, e.entityId, e.before, e.after])).toEqual([
      ["update", "traffic", { respectDnt: true }, { respectDnt: false }],
      ["update", "traffic", { respectDnt: false }, { respectDnt: true }],
    ]);

    await expectAdminOnly(t, { method: "GET", url: "/api/admin/traffic/settings" });
    await expectAdminOnly(t, {
      method: "PUT",
      url: "/api/admin/traffic/settings",
      payload: { respectDnt: true },
    });
  });
});
