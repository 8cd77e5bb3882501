import { expect, it } from "vitest";
import { TRAFFIC_BEACON_PATH } from "../../common/traffic.ts";
import { createTestApp, sameDatabase, type TestApp } from "./helpers.ts";

// Two instances on one PostgreSQL schema count the same beacons as one instance would
// (issue 33): their flushes add to the same rows (additive upserts), at the same moments,
// and share the salt of the day. Visitors stay with one instance here (a sticky balancer);
// without Redis a visitor seen by both would count on each (redis-traffic.test.ts).
// PostgreSQL only (the SQLite project leaves postgres-*.test.ts out).

const NOW = Date.parse("2030-06-10T09:00:00Z");
const options = { clock: () => NOW, trafficFlushMs: 0 };
const CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** 8 visitors × 6 views over 4 pages, 3 sources and 2 widths, in a fixed order. */
const beacons = Array.from({ length: 48 }, (_, i) => {
  const visitor = i % 8;
  return {
    visitor,
    ip: `198.51.${100 + visitor}.7`,
    body: {
      path: ["/", "/about", "/blog", "/contact"][(i * 7) % 4]!,
      ...[{}, { referrer: "www.google.com" }, { utmSource: "ig", utmCampaign: "may" }][visitor % 3],
      width: visitor % 2 ? 390 : 1280,
    },
  };
});

const send = (t: TestApp, beacon: (typeof beacons)[number]) =>
  t.app.inject({
    method: "POST",
    url: TRAFFIC_BEACON_PATH,
    remoteAddress: beacon.ip,
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME },
    payload: JSON.stringify(beacon.body),
  });

async function tables(t: TestApp) {
  const db = t.app.services.database.db;
  const pages = await db
    .selectFrom("traffic_pages")
    .select(["day", "path", "source", "device", "visitors", "views"])
    .orderBy("path")
    .orderBy("source")
    .orderBy("device")
    .execute();
  const visitors = await db
    .selectFrom("traffic_visitors")
    .select(["day", "source", "campaign", "device", "visitors", "views"])
    .orderBy("source")
    .orderBy("campaign")
    .orderBy("device")
    .execute();
  return { pages, visitors };
}

it("counts the same totals with two instances on one database as with one", async () => {
  const one = await createTestApp({}, options);
  for (const beacon of beacons) expect((await send(one, beacon)).statusCode).toBe(202);
  await one.app.services.traffic.flush();
  const expected = await tables(one);
  expect(expected.visitors.reduce((n, row) => n + row.visitors, 0)).toBe(8);

  const a = await createTestApp({}, options);
  const b = await createTestApp(sameDatabase(a), options);
  // Half the visitors on each; both flush at the same moments, three times.
  for (const [i, beacon] of beacons.entries()) {
    expect((await send(beacon.visitor % 2 ? a : b, beacon)).statusCode).toBe(202);
    if (i % 16 === 15) {
      await Promise.all([a.app.services.traffic.flush(), b.app.services.traffic.flush()]);
    }
  }
  expect(await tables(a)).toEqual(expected);
  const salts = await a.app.services.database.db.selectFrom("traffic_salts").selectAll().execute();
  expect(salts).toHaveLength(1);
});
