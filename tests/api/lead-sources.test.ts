import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { serviceTypeName } from "../../common/enquiry-fields.ts";
import { SOURCE_NETWORKS, sourceKey, sourceName } from "../../common/lead-source.ts";
import { SOURCE_KEY_SQL } from "../../server/modules/enquiries/repository.ts";
import type { Enquiry, EnquiryStats } from "../../common/schemas/enquiry.ts";
import { weekStarts } from "../../common/time-zone.ts";
import { STATS_WEEKS } from "../../server/modules/enquiries/service.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { call, useTestApp, expectAdminOnly } from "./helpers.ts";
import { useMailServer } from "../support/mail-server.ts";

// Where leads come from: the source stored with an enquiry, and the dashboard's figures
// (per week in Lagos time, by service; top sources), on SQLite and PostgreSQL.

type Answer = Enquiry & { error?: string };

describe("lead source of an enquiry", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const post = (payload: unknown) =>
    call<Answer>(t.app, { method: "POST", url: "/api/contact", payload: payload as object });

  it("stores the page, referrer host and UTM parameters and returns them", async () => {
    const { status, body } = await post({
      ...payloads.service,
      source: {
        page: "/social-media",
        referrer: "L.Instagram.com",
        utmSource: " whatsapp ",
        utmMedium: "social",
        utmCampaign: "december-promo",
        utmTerm: "ads lagos",
        utmContent: "banner-1",
        unknownKey: "dropped",
      },
    });
    expect(status).toBe(201);
    const expected = {
      page: "/social-media",
      referrer: "l.instagram.com",
      utmSource: "whatsapp",
      utmMedium: "social",
      utmCampaign: "december-promo",
      utmTerm: "ads lagos",
      utmContent: "banner-1",
    };
    expect(body.source).toEqual(expected);
    const stored = await call<Enquiry>(t.app, {
      method: "GET",
      url: `/api/contact/${body._id}`,
      headers,
    });
    expect(stored.body.source).toEqual(expected);
    const listed = await call<Enquiry[]>(t.app, { method: "GET", url: "/api/contact/", headers });
    expect(listed.body.find((e) => e._id === body._id)?.source).toEqual(expected);
  });

  it("leaves the source out when none is sent or every field is blank", async () => {
    const none = await post(payloads.home);
    expect(none.status).toBe(201);
    expect(none.body).not.toHaveProperty("source");
    const blank = await post({ ...payloads.home, source: { page: " ", utmSource: "" } });
    expect(blank.status).toBe(201);
    expect(blank.body).not.toHaveProperty("source");
    const some = await post({ ...payloads.home, source: { page: "/" } });
    expect(some.body.source).toEqual({ page: "/" });
  });

  it("refuses a bad source with 400 JSON and stores nothing", async () => {
    const before = (await call<Enquiry[]>(t.app, { method: "GET", url: "/api/contact/", headers }))
      .body.length;
    const bad: [string, unknown, RegExp][] = [
      ["not an object", "whatsapp", /Source must be an object/],
      ["a list", ["whatsapp"], /Source must be an object/],
      ["page not a path", { page: "https://evil.example/x" }, /Source page must be a path/],
      // A browser reads these as another site (issue 46): no link on the Traffic screen.
      ["page of another host", { page: "//evil.example/x" }, /Source page must be a path/],
      ["page with a backslash", { page: "/\\evil.example/x" }, /Source page must be a path/],
      ["page too long", { page: `/${"a".repeat(500)}` }, /at most 500 characters/],
      ["referrer not a host", { referrer: "https://google.com/search" }, /host name/],
      ["referrer too long", { referrer: `${"a".repeat(250)}.com` }, /at most 253/],
      ["utm too long", { utmCampaign: "x".repeat(201) }, /utm_campaign must be at most 200/],
      ["utm not text", { utmSource: 42 }, /utm_source must be text/],
    ];
    for (const [label, source, message] of bad) {
      const { status, body, response } = await post({ ...payloads.home, source });
      expect(`${label}: ${status}`).toBe(`${label}: 400`);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(body.error, label).toMatch(message);
    }
    const after = (await call<Enquiry[]>(t.app, { method: "GET", url: "/api/contact/", headers }))
      .body.length;
    expect(after).toBe(before);
  });
});

describe("enquiry figures for the dashboard", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  /** The Lagos Mondays of the 12 weeks the figures cover, oldest first. */
  let weeks: string[];
  beforeAll(async () => {
    headers = await t.adminHeaders();
    weeks = weekStarts(new Date(), STATS_WEEKS);
  });

  /** An enquiry stored at an exact instant, as the service would store it. */
  async function storeAt(
    createdAt: string,
    fields: {
      service?: string;
      status?: string;
      utmSource?: string | null;
      referrer?: string | null;
    } = {},
  ) {
    await t.app.services.database.db
      .insertInto("enquiries")
      .values({
        id: randomUUID(),
        status: fields.status ?? "new",
        company_name: "",
        name: "Visitor",
        email: "visitor@example.com",
        phone_number: "",
        options: "[]",
        service_type: fields.service ?? "Social Media Marketing",
        message: "",
        package: "",
        instagram: "",
        website: "",
        preferred_date: "",
        utm_source: fields.utmSource ?? null,
        source_referrer: fields.referrer ?? null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  }
  /** The UTC instant of a Lagos wall-clock time on the Monday of week `week` + `days`. */
  const lagos = (week: number, days: number, time: string) => {
    const at = new Date(`${weeks[week]}T${time}+01:00`);
    at.setUTCDate(at.getUTCDate() + days);
    return at.toISOString();
  };
  const stats = () =>
    call<EnquiryStats>(t.app, { method: "GET", url: "/api/contact/stats", headers });

  it("is for admins only", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/contact/stats" });
  });

  it("answers 12 empty weeks, Monday to Sunday in Lagos, when there are no enquiries", async () => {
    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(body.weeks.map((w) => w.start)).toEqual(weeks);
    expect(body.weeks).toHaveLength(12);
    for (const week of weeks) expect(new Date(`${week}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(body.from).toBe(weeks[0]);
    expect(new Date(`${body.to}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(body).toMatchObject({ timeZone: "Africa/Lagos", total: 0, series: [], sources: [] });
    expect(body.weeks.every((w) => w.total === 0 && w.counts.length === 0)).toBe(true);
    expect(body.otherSources).toBe(0);
  });

  it("counts per week and service in Lagos time, groups the long tail, zero for empty weeks", async () => {
    // Week 0 (the oldest) from its first instant, Monday 00:00 in Lagos (Sunday 23:00 UTC), to
    // its last, Sunday 23:59:59.999 in Lagos.
    await storeAt(lagos(0, 0, "00:00:00.000"), { utmSource: "WhatsApp" });
    await storeAt(lagos(0, 6, "23:59:59.999"), { referrer: "www.google.com" });
    // Monday 00:30 in Lagos is Sunday 23:30 UTC: the next week, not week 0.
    await storeAt(lagos(1, 0, "00:30:00.000"), { service: "Branding", utmSource: "whatsapp" });
    // Week 5: seven services, so the two smallest become "Other".
    const tail: [string, number][] = [
      ["Social Media Marketing", 3],
      ["Branding", 2],
      ["Web Design", 2],
      ["SEO", 1],
      ["Video Creation", 1],
      ["Page Revamp", 1],
      ["", 1],
    ];
    let first = true;
    for (const [service, n] of tail) {
      for (let i = 0; i < n; i++) {
        await storeAt(lagos(5, 2, "10:00:00.000"), {
          service,
          referrer: first ? "l.instagram.com" : null,
        });
        first = false;
      }
    }
    // The current week; spam is never counted, and nothing before the 12 weeks is.
    await storeAt(lagos(11, 0, "09:00:00.000"), { service: "SEO", utmSource: "newsletter" });
    await storeAt(lagos(11, 0, "09:00:00.000"), { status: "spam", utmSource: "robot" });
    await storeAt(lagos(0, -1, "23:59:59.999"), { utmSource: "too-old" });

    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(body.total).toBe(15);
    expect(body.series).toEqual([
      { name: "Social Media Marketing", total: 5 },
      { name: "Branding", total: 3 },
      { name: "SEO", total: 2 },
      { name: "Web Design", total: 2 },
      { name: "Not given", total: 1 },
      { name: "Other", total: 2 },
    ]);
    const byWeek = body.weeks.map((w) => w.counts);
    expect(byWeek[0]).toEqual([2, 0, 0, 0, 0, 0]);
    expect(byWeek[1]).toEqual([0, 1, 0, 0, 0, 0]);
    expect(byWeek[5]).toEqual([3, 2, 1, 2, 1, 2]);
    expect(byWeek[11]).toEqual([0, 0, 1, 0, 0, 0]);
    for (const empty of [2, 3, 4, 6, 7, 8, 9, 10]) {
      expect(body.weeks[empty]).toEqual({
        start: weeks[empty],
        counts: [0, 0, 0, 0, 0, 0],
        total: 0,
      });
    }
    expect(body.weeks.map((w) => w.total)).toEqual([2, 1, 0, 0, 0, 11, 0, 0, 0, 0, 0, 1]);

    // Sources: utm_source in lower case, else the referrer without "www.", else direct (""); a
    // key that names a network is that network ("l.instagram.com" is instagram).
    expect(body.sources).toEqual([
      { source: "", count: 10 },
      { source: "whatsapp", count: 2 },
      { source: "google", count: 1 },
      { source: "instagram", count: 1 },
      { source: "newsletter", count: 1 },
    ]);
    expect(body.otherSources).toBe(0);
  });
});

// Issue 52 (item 5): readable names of the forms and sources, the search of a campaign, and
// the notification mail naming the source and the campaign.
describe("names of forms and sources", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({
    ...smtp.env(),
    NOTIFY_TO: "sales@agency.test",
    MAIL_FROM: "website@agency.test",
  }));
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });
  const post = (payload: object) =>
    call<Answer>(t.app, { method: "POST", url: "/api/contact", payload });

  it("names the fixed service types and the commonest sources, and keeps the rest", () => {
    expect(serviceTypeName("Inquiry form response")).toBe("Home page enquiry form");
    expect(serviceTypeName("contact")).toBe("Contact page quick form");
    expect(serviceTypeName("Contact Form")).toBe("Contact page form");
    expect(serviceTypeName("GROW ME")).toBe("GROW ME");
    expect(sourceName("")).toBe("Direct");
    expect(sourceName("facebook.com")).toBe("Facebook");
    expect(sourceName("facebook")).toBe("Facebook");
    expect(sourceName("toString")).toBe("toString");
    expect(sourceName("blog.example.ng")).toBe("blog.example.ng");
  });

  it("stores the spec's service type and shows its name on the dashboard and in the CSV", async () => {
    const { body } = await post({
      ...payloads.quick,
      name: "Named Nneka",
      source: { utmSource: "Facebook", utmCampaign: "harmattan-sale" },
    });
    expect(body.serviceType).toBe("contact");
    const stats = await call<EnquiryStats>(t.app, {
      method: "GET",
      url: "/api/contact/stats",
      headers,
    });
    expect(stats.body.series.map((series) => series.name)).toContain("Contact page quick form");
    expect(stats.body.series.map((series) => series.name)).not.toContain("contact");
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/contact/export.csv?q=Named%20Nneka",
      headers,
    });
    const [header, line] = csv.rawPayload.toString("utf8").slice(1).split("\r\n");
    expect(header!.endsWith(",Service Name,Source Name")).toBe(true);
    expect(line!.endsWith(",Contact page quick form,Facebook")).toBe(true);
    expect(line).toContain(",contact,");
  });

  it("finds an enquiry by its UTM campaign, short and long searches alike", async () => {
    const { body } = await post({
      ...payloads.home,
      name: "Campaign Chidi",
      source: { utmCampaign: "Detty-December-26" },
    });
    for (const q of ["detty-december", "DECEMBER-26", "26"]) {
      const found = await call<Enquiry[]>(t.app, {
        method: "GET",
        url: `/api/contact/?q=${encodeURIComponent(q)}`,
        headers,
      });
      expect(found.status, q).toBe(200);
      expect(
        found.body.map((e) => e._id),
        q,
      ).toContain(body._id);
    }
    const none = await call<Enquiry[]>(t.app, {
      method: "GET",
      url: `/api/contact/?q=${encodeURIComponent("january-27")}`,
      headers,
    });
    expect(none.status).toBe(200);
    expect(none.body.map((e) => e._id)).not.toContain(body._id);
  });

  it("names the lead's form, source and campaign in the notification mail", async () => {
    /** The notification of the enquiry from `name`, once it has come. */
    const mailOf = async (name: string) => {
      await expect
        .poll(() => smtp.inbox.some(({ mail }) => mail.subject?.endsWith(` from ${name}`)))
        .toBe(true);
      return smtp.inbox.find(({ mail }) => mail.subject?.endsWith(` from ${name}`))!.mail;
    };
    const { status } = await post({
      ...payloads.long,
      name: "Mailed Musa",
      source: { referrer: "l.instagram.com", utmCampaign: "lagos-launch" },
    });
    expect(status).toBe(201);
    const mail = await mailOf("Mailed Musa");
    expect(mail.text).toContain(
      "Service type: Contact page form\nSource: Instagram\nCampaign: lagos-launch\n",
    );
    expect(mail.html).toContain("lagos-launch");
    await post({ ...payloads.home, name: "Direct Dayo" });
    const plain = (await mailOf("Direct Dayo")).text!;
    expect(plain).toContain("Source: Direct");
    expect(plain).not.toContain("Campaign:");
  });
});

describe("source keys: common/lead-source.ts and its SQL twin (issue 50)", () => {
  const t = useTestApp();

  it("name one source per network, in JavaScript and in the database alike", async () => {
    const { db } = t.app.services.database;
    const cases: { utmSource?: string; referrer?: string }[] = [
      ...SOURCE_NETWORKS.flatMap(({ network, names, prefixes = [] }) => [
        { utmSource: network },
        ...names.flatMap((name) => [{ referrer: name }, { referrer: `www.${name}` }]),
        ...names.map((name) => ({ utmSource: name.toUpperCase() })),
        ...prefixes.map((prefix) => ({ referrer: `${prefix}com.ng` })),
      ]),
      { utmSource: "newsletter" },
      { referrer: "www.bing.com" },
      { referrer: "notfacebook.com" },
      { referrer: "googleads.example.com" },
      {},
    ];
    const rows = cases.map((source) => ({
      id: randomUUID(),
      status: "new",
      company_name: "",
      name: "Visitor",
      email: "visitor@example.com",
      phone_number: "",
      options: "[]",
      service_type: "Social Media Marketing",
      message: "",
      package: "",
      instagram: "",
      website: "",
      preferred_date: "",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      source_referrer: source.referrer ?? null,
      utm_source: source.utmSource ?? null,
    }));
    await db.insertInto("enquiries").values(rows).execute();
    const keys = await db
      .selectFrom("enquiries")
      .select(["id", SOURCE_KEY_SQL.as("key")])
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    const inDatabase = new Map(keys.map((row) => [row.id, row.key]));
    expect(rows.map((row) => inDatabase.get(row.id))).toEqual(cases.map((c) => sourceKey(c)));
    expect(cases.map((c) => sourceKey(c))).toEqual(
      expect.arrayContaining(["facebook", "instagram", "x", "linkedin", "google", "youtube"]),
    );
    expect(sourceKey({ utmSource: "fb", referrer: "l.facebook.com" })).toBe("facebook");
    expect(sourceKey({ referrer: "www.google.com.ng" })).toBe("google");
    expect(sourceKey({ referrer: "t.co" })).toBe("x");
    expect(sourceKey({ referrer: "notfacebook.com" })).toBe("notfacebook.com");
    // The SQL twin writes the names as literals: nothing in them needs quoting.
    for (const { network, names, prefixes = [] } of SOURCE_NETWORKS) {
      for (const value of [network, ...names, ...prefixes]) expect(value).toMatch(/^[a-z0-9.]+$/);
    }
  });
});
