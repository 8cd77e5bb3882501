import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { dayIn } from "../../common/time-zone.ts";
import {
  BEACON_MAX_BYTES,
  MAX_PATHS_PER_DAY,
  NEW_PATHS_PER_NETWORK,
  OTHER_PATH,
  TRAFFIC_BEACON_PATH,
} from "../../common/traffic.ts";
import { VIEWS_PER_VISITOR_MAX } from "../../server/modules/traffic/counter.ts";
import { createTestApp, sameDatabase, useTestApp } from "./helpers.ts";

// Counting page views (issue 33): the beacon's answer, what is not counted, visitors once a
// day, nothing written before the flush, a failed flush kept, and the salt of the day.

const CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// Each test counts on a day of its own (the test clock moves forward, never back).
let now = Date.parse("2030-03-01T11:00:00Z");
const nextDay = () => {
  now += 86_400_000;
  return dayIn(now);
};
const t = useTestApp({}, { clock: () => now, trafficFlushMs: 0 });
const db = () => t.app.services.database.db;

type Beacon = Record<string, unknown>;
function send(
  beacon: Beacon | string,
  {
    ip = "203.0.113.5",
    userAgent = CHROME,
    headers = {},
  }: { ip?: string; userAgent?: string | null; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: "POST",
    url: TRAFFIC_BEACON_PATH,
    remoteAddress: ip,
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      ...(userAgent === null ? {} : { "user-agent": userAgent }),
      ...headers,
    },
    payload: typeof beacon === "string" ? beacon : JSON.stringify(beacon),
  });
}

async function visitorsOf(day: string) {
  const rows = await db()
    .selectFrom("traffic_visitors")
    .selectAll()
    .where("day", "=", day)
    .execute();
  return {
    visitors: rows.reduce((n, row) => n + Number(row.visitors), 0),
    views: rows.reduce((n, row) => n + Number(row.views), 0),
    rows,
  };
}

async function pagesOf(day: string) {
  const rows = await db()
    .selectFrom("traffic_pages")
    .select(["path", "source", "device", "visitors", "views"])
    .where("day", "=", day)
    .orderBy("path")
    .execute();
  return rows.map((row) => ({ ...row, visitors: Number(row.visitors), views: Number(row.views) }));
}

describe("the beacon's answer", () => {
  it("is 202, empty, not stored, without a cookie, for text/plain and application/json", async () => {
    nextDay();
    for (const contentType of ["text/plain;charset=UTF-8", "application/json"]) {
      const answer = await send({ path: "/" }, { headers: { "content-type": contentType } });
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe("");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers a bad body with 400 and a large one with 413, as JSON", async () => {
    nextDay();
    // Not JSON, or not an object: no field to name.
    for (const body of ["{not json", "", "[]"]) {
      const answer = await send(body);
      expect(answer.statusCode, body).toBe(400);
      expect(answer.json()).toEqual({ error: expect.any(String) });
    }
    for (const body of [
      JSON.stringify({ path: "no-slash" }),
      // Paths a browser reads as another site (issue 46): no row of the Traffic screen.
      JSON.stringify({ path: "//evil.test/x" }),
      JSON.stringify({ path: "/\\evil.test/login" }),
      JSON.stringify({ path: "/\t/evil.test" }),
    ]) {
      const answer = await send(body);
      expect(answer.statusCode, body).toBe(400);
      const { error } = answer.json<{ error: string }>();
      // The one shape of a 400 about a field (decision 0053).
      expect(answer.json(), body).toEqual({ error, fields: { path: error } });
    }
    const large = await send({ path: `/${"a".repeat(BEACON_MAX_BYTES)}` });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ error: expect.any(String) });
  });
});

describe("counting", () => {
  it("counts three visitors by address and browser, one household once", async () => {
    const day = nextDay();
    for (const ip of ["203.0.113.5", "198.51.100.7", "2001:db8:1::5"]) {
      expect((await send({ path: "/" }, { ip })).statusCode).toBe(202);
    }
    // The same /24 and the same browser family: the same visitor. The same IPv6 /48 too,
    // and an IPv4-mapped address is its IPv4.
    await send({ path: "/" }, { ip: "203.0.113.99" });
    await send({ path: "/" }, { ip: "2001:db8:1:ffff::9" });
    await send({ path: "/" }, { ip: "::ffff:198.51.100.200" });
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 3, views: 6 });
    // Another browser family from the first address: another visitor.
    await send({ path: "/" }, { userAgent: FIREFOX });
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 4, views: 7 });
  });

  it("counts one visitor of two pages once a day, each page's visitor once", async () => {
    const day = nextDay();
    await send({ path: "/", referrer: "www.google.com", width: 390 });
    await send({ path: "/about", referrer: "www.google.com", width: 390 });
    await send({ path: "/", referrer: "www.google.com", width: 390 });
    // Nothing is written before the flush: no database work per beacon.
    expect(await visitorsOf(day)).toMatchObject({ visitors: 0, views: 0 });
    expect(await pagesOf(day)).toEqual([]);
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 1, views: 3 });
    expect(await pagesOf(day)).toEqual([
      { path: "/", source: "google", device: "mobile", visitors: 1, views: 2 },
      { path: "/about", source: "google", device: "mobile", visitors: 1, views: 1 },
    ]);
    // Flushed counts are added to, not written over.
    await send({ path: "/about", utmSource: "Newsletter", utmCampaign: " weekly ", width: 1400 });
    await t.app.services.traffic.flush();
    const { rows } = await visitorsOf(day);
    expect(
      rows
        .map((row) => [
          row.source,
          row.campaign,
          row.device,
          Number(row.visitors),
          Number(row.views),
        ])
        .sort(),
    ).toEqual([
      ["google", "", "mobile", 1, 3],
      ["newsletter", "weekly", "desktop", 0, 1],
    ]);
  });

  it("leaves out bots, prefetches, staff and the back office", async () => {
    const day = nextDay();
    const answers = await Promise.all([
      send({ path: "/" }, { userAgent: GOOGLEBOT }),
      send({ path: "/" }, { userAgent: null }),
      send({ path: "/" }, { headers: { "sec-purpose": "prefetch;prerender" } }),
      send({ path: "/" }, { headers: { purpose: "prefetch" } }),
      send({ path: "/" }, { headers: { "x-moz": "prefetch" } }),
      send({ path: "/" }, { headers: { authorization: "Bearer whatever" } }),
      send({ path: "/admin" }),
      send({ path: "/admin/traffic" }),
      send({ path: "/api/blogs" }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe("");
    }
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 0, views: 0 });
    expect(await pagesOf(day)).toEqual([]);
  });

  it("counts Sec-GPC and DNT browsers unless an owner asked to honour them", async () => {
    const day = nextDay();
    const gpc = { headers: { "sec-gpc": "1" } };
    const dnt = { headers: { dnt: "1" }, ip: "198.51.100.7" };
    await send({ path: "/" }, gpc);
    await send({ path: "/" }, dnt);
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 2, views: 2 });

    await db()
      .insertInto("traffic_settings")
      .values({ id: "traffic", respect_dnt: 1, updated_at: new Date().toISOString() })
      .execute();
    // What the settings screen's save announces (this instance's or another's).
    t.app.services.changes.publish("traffic");
    await send({ path: "/" }, gpc);
    await send({ path: "/" }, dnt);
    await send({ path: "/" }, { ip: "192.0.2.1" });
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 3, views: 3 });

    await db().deleteFrom("traffic_settings").execute();
    t.app.services.changes.publish("traffic");
  });

  it("counts paths beyond the day's limit as (other) and a visitor's flood once", async () => {
    const day = nextDay();
    const { traffic } = t.app.services;
    const request = (ip: string) => ({ ip, headers: { "user-agent": CHROME } });
    // Each path from a network of its own: the day's room for paths, not a network's, ends.
    for (let i = 0; i <= MAX_PATHS_PER_DAY; i++) {
      traffic.record({ path: `/p${i}` }, request(`10.${i >> 8}.${i & 255}.1`));
    }
    for (let i = 0; i < VIEWS_PER_VISITOR_MAX + 50; i++)
      traffic.record({ path: "/p0" }, request("192.0.2.9"));
    await traffic.flush();
    const pages = await pagesOf(day);
    expect(pages).toHaveLength(MAX_PATHS_PER_DAY + 1);
    expect(pages.find((row) => row.path === OTHER_PATH)).toMatchObject({ visitors: 1, views: 1 });
    expect(pages.find((row) => row.path === "/p0")).toMatchObject({
      visitors: 2,
      views: 1 + VIEWS_PER_VISITOR_MAX,
    });
  });

  it("never lets made-up paths push the site's pages out: one network brings 20 new paths a day", async () => {
    const day = nextDay();
    const { traffic } = t.app.services;
    // Pages the site answered (the pages' renders say so: see the next test).
    traffic.answered("/");
    traffic.answered("/contact");
    // Issue 46's flood: 2,000 made-up paths from 8 networks, every browser family of each.
    const agents = [CHROME, FIREFOX, "Mozilla/5.0 (X11; Linux x86_64) Safari/605.1.15"];
    for (let i = 0; i < 2000; i++) {
      traffic.record(
        { path: `/made-up-${i}` },
        { ip: `192.0.${i % 8}.${(i >> 3) & 255}`, headers: { "user-agent": agents[i % 3]! } },
      );
    }
    // Then the day's visitors, from other networks: the site's pages, and one it had not
    // answered yet on this instance.
    for (const [path, ip] of [
      ["/", "41.58.10.1"],
      ["/contact", "41.58.11.1"],
      ["/about", "41.58.12.1"],
      ["/contact", "102.89.1.1"],
    ] as const) {
      traffic.record({ path }, { ip, headers: { "user-agent": CHROME } });
    }
    await traffic.flush();
    const pages = await pagesOf(day);
    const named = (path: string) => pages.find((row) => row.path === path);
    expect(named("/")).toMatchObject({ visitors: 1, views: 1 });
    expect(named("/contact")).toMatchObject({ visitors: 2, views: 2 });
    expect(named("/about")).toMatchObject({ visitors: 1, views: 1 });
    const madeUp = pages.filter((row) => row.path.startsWith("/made-up-"));
    expect(madeUp).toHaveLength(8 * NEW_PATHS_PER_NETWORK);
    // The rest are still views, under "(other)".
    expect(named(OTHER_PATH)?.views).toBe(2000 - 8 * NEW_PATHS_PER_NETWORK);
  });

  it("counts the pages this instance rendered by name even when the day's room is full", async () => {
    const day = dayIn(now);
    const site = await createTestApp(
      {},
      { web: true, buildDirectory: inject("buildDir"), clock: () => now, trafficFlushMs: 0 },
    );
    expect((await site.app.inject({ method: "GET", url: "/about" })).statusCode).toBe(200);
    expect((await site.app.inject({ method: "GET", url: "/no-such-page" })).statusCode).toBe(404);
    const { traffic } = site.app.services;
    const request = (ip: string) => ({ ip, headers: { "user-agent": CHROME } });
    for (let i = 0; i < MAX_PATHS_PER_DAY; i++) {
      traffic.record({ path: `/p${i}` }, request(`10.${i >> 8}.${i & 255}.1`));
    }
    for (const path of ["/about", "/no-such-page", "/services"]) {
      traffic.record({ path }, request("41.58.10.1"));
    }
    await traffic.flush();
    const rows = await site.app.services.database.db
      .selectFrom("traffic_pages")
      .select(["path", "views"])
      .where("day", "=", day)
      .where("path", "in", ["/about", "/no-such-page", "/services", OTHER_PATH])
      .orderBy("path")
      .execute();
    expect(rows.map((row) => [row.path, Number(row.views)])).toEqual([
      [OTHER_PATH, 2],
      ["/about", 1],
    ]);
  });

  it("keeps the counts of a failed flush and writes them once at the next", async () => {
    const day = nextDay();
    await send({ path: "/" });
    await send({ path: "/about" }, { ip: "198.51.100.7" });
    // The visitors' table refuses writes: the flush's transaction fails as a whole.
    const postgres = t.config.database.kind === "postgres";
    if (postgres) {
      await sql`create function traffic_refuse() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`.execute(
        db(),
      );
      await sql`create trigger traffic_refuse before insert on traffic_visitors for each row execute function traffic_refuse()`.execute(
        db(),
      );
    } else {
      await sql`create trigger traffic_refuse before insert on traffic_visitors begin select raise(abort, 'refused'); end`.execute(
        db(),
      );
    }
    await expect(t.app.services.traffic.flush()).rejects.toThrow(/refused/);
    expect(await pagesOf(day)).toEqual([]);
    await sql`drop trigger traffic_refuse${postgres ? sql` on traffic_visitors` : sql``}`.execute(
      db(),
    );
    if (postgres) await sql`drop function traffic_refuse`.execute(db());
    await send({ path: "/" });
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 2, views: 3 });
    expect((await pagesOf(day)).map((row) => [row.path, row.visitors, row.views])).toEqual([
      ["/", 1, 2],
      ["/about", 1, 1],
    ]);
  });

  it("writes what is counted when the app closes", async () => {
    const day = nextDay();
    const other = await createTestApp(sameDatabase(t), { clock: () => now, trafficFlushMs: 0 });
    const answer = await other.app.inject({
      method: "POST",
      url: TRAFFIC_BEACON_PATH,
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME },
      payload: JSON.stringify({ path: "/closing" }),
    });
    expect(answer.statusCode).toBe(202);
    await other.close();
    expect(await pagesOf(day)).toEqual([
      { path: "/closing", source: "", device: "desktop", visitors: 1, views: 1 },
    ]);
  });

  it("counts views without visitors while the salt of the day cannot be read", async () => {
    const day = nextDay();
    const postgres = t.config.database.kind === "postgres";
    if (postgres) {
      await sql`create function traffic_refuse() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`.execute(
        db(),
      );
      await sql`create trigger traffic_refuse before insert on traffic_salts for each row execute function traffic_refuse()`.execute(
        db(),
      );
    } else {
      await sql`create trigger traffic_refuse before insert on traffic_salts begin select raise(abort, 'refused'); end`.execute(
        db(),
      );
    }
    await send({ path: "/" });
    await send({ path: "/" }, { ip: "198.51.100.7" });
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 0, views: 2 });
    await sql`drop trigger traffic_refuse${postgres ? sql` on traffic_salts` : sql``}`.execute(
      db(),
    );
    if (postgres) await sql`drop function traffic_refuse`.execute(db());
    // Not asked again before a second has passed since the failure (not once per beacon)…
    await send({ path: "/" });
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 0, views: 3 });
    // …and asked again once it has, on the app's clock.
    now += 1100;
    await send({ path: "/" });
    await t.app.services.traffic.flush();
    expect(await visitorsOf(day)).toMatchObject({ visitors: 1, views: 4 });
  });

  it("replaces the salt at the day's end and counts the same visitor again the next day", async () => {
    const first = nextDay();
    await send({ path: "/" });
    await t.app.services.traffic.flush();
    const salts = () => db().selectFrom("traffic_salts").select(["day", "salt"]).execute();
    const before = await salts();
    expect(before).toEqual([{ day: first, salt: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

    const second = nextDay();
    await send({ path: "/" });
    await send({ path: "/" });
    await t.app.services.traffic.flush();
    const after = await salts();
    expect(after).toEqual([{ day: second, salt: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(after[0]!.salt).not.toBe(before[0]!.salt);
    expect(await visitorsOf(first)).toMatchObject({ visitors: 1, views: 1 });
    expect(await visitorsOf(second)).toMatchObject({ visitors: 1, views: 2 });
  });

  it("counts beacons over a real connection, at the front door as through the route", async () => {
    const day = dayIn(now);
    // Behind a proxy on this machine: each beacon's X-Forwarded-For is its visitor.
    const proxied = await createTestApp(
      { TRUST_PROXY: "loopback" },
      { clock: () => now, trafficFlushMs: 0 },
    );
    const address = await proxied.app.listen({ host: "127.0.0.1", port: 0 });
    const post = (
      body: string,
      forwardedFor: string,
      query = "",
      contentType = "text/plain;charset=UTF-8",
    ) =>
      fetch(`${address}${TRAFFIC_BEACON_PATH}${query}`, {
        method: "POST",
        headers: {
          "content-type": contentType,
          "user-agent": FIREFOX,
          "x-forwarded-for": forwardedFor,
        },
        body,
      });
    const beacon = JSON.stringify({ path: "/contact", width: 800 });
    for (const visitor of ["203.0.113.5", "198.51.100.7, 10.0.0.1", "2001:db8:1::5"]) {
      const answer = await post(beacon, visitor);
      expect(answer.status).toBe(202);
      expect(await answer.text()).toBe("");
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(answer.headers.get("cache-control")).toBe("no-store");
      // Answered at the door (server/modules/traffic/beacon-door.ts), not by Fastify's route.
      expect(answer.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    }
    // The route (the door leaves a query string to it) sees the same visitor.
    expect((await post(beacon, "203.0.113.77", "?via=route")).status).toBe(202);
    const bad = await post("{not json", "203.0.113.5");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "The request body is not valid JSON." });
    const shape = await post(JSON.stringify({ path: "nope" }), "203.0.113.5");
    expect(shape.status).toBe(400);
    const refused = (await shape.json()) as { error: string };
    expect(refused).toEqual({ error: refused.error, fields: { path: refused.error } });
    const large = await post(
      JSON.stringify({ path: `/${"a".repeat(BEACON_MAX_BYTES)}` }),
      "203.0.113.5",
    );
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: expect.any(String) });
    const other = await post(beacon, "203.0.113.5", "", "application/x-www-form-urlencoded");
    expect(other.status).toBe(415);

    await proxied.app.services.traffic.flush();
    const rows = await proxied.app.services.database.db
      .selectFrom("traffic_pages")
      .select(["path", "device", "visitors", "views"])
      .where("day", "=", day)
      .execute();
    expect(
      rows.map((row) => ({ ...row, visitors: Number(row.visitors), views: Number(row.views) })),
    ).toEqual([{ path: "/contact", device: "tablet", visitors: 3, views: 4 }]);
  });
});
