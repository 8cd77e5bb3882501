import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { expect, it, onTestFinished } from "vitest";
import { dayIn } from "../../common/time-zone.ts";
import { TRAFFIC_BEACON_PATH } from "../../common/traffic.ts";
import { freePort } from "../support/free-port.ts";
import { createTestApp, sameDatabase, type TestApp } from "./helpers.ts";

// With REDIS_URL the instances share the day's visitor keys (issue 33): a visitor whose
// beacons reach two instances counts once, and once per page. Redis unreachable: each
// instance counts on its own (fail open). The day's sets go when the day does.

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let now = Date.parse("2030-07-01T10:00:00Z");
const options = { clock: () => now, trafficFlushMs: 0 };

const send = (t: TestApp, path: string) =>
  t.app.inject({
    method: "POST",
    url: TRAFFIC_BEACON_PATH,
    remoteAddress: "203.0.113.5",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME },
    payload: JSON.stringify({ path }),
  });

async function totals(t: TestApp, day: string) {
  const db = t.app.services.database.db;
  const visits = await db
    .selectFrom("traffic_visitors")
    .selectAll()
    .where("day", "=", day)
    .execute();
  const pages = await db.selectFrom("traffic_pages").selectAll().where("day", "=", day).execute();
  return {
    visitors: visits.reduce((n, row) => n + row.visitors, 0),
    views: visits.reduce((n, row) => n + row.views, 0),
    pageVisitors: pages.reduce((n, row) => n + row.visitors, 0),
  };
}

async function pair(redisUrl: string): Promise<[TestApp, TestApp, string]> {
  const prefix = `test-${randomBytes(6).toString("hex")}`;
  const settings = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  const a = await createTestApp(settings, options);
  const b = await createTestApp({ ...settings, ...sameDatabase(a) }, options);
  return [a, b, prefix];
}

/**
 * One after the other: two apps of one process on one SQLite file would wait on each
 * other's write lock with the event loop held (separate processes each wait their turn).
 */
async function flushBoth(a: TestApp, b: TestApp) {
  await a.app.services.traffic.flush();
  await b.app.services.traffic.flush();
}

it("counts a visitor through two instances once", async () => {
  const [a, b, prefix] = await pair(REDIS_URL);
  const redis = new Redis(REDIS_URL);
  onTestFinished(() => void redis.quit());
  const day = dayIn(now);
  await send(a, "/");
  await send(b, "/");
  await send(b, "/about");
  await flushBoth(a, b);
  await send(a, "/about");
  await flushBoth(a, b);
  expect(await totals(a, day)).toEqual({ visitors: 1, views: 4, pageVisitors: 2 });
  const key = `${prefix}:traffic:${day}:v`;
  expect(await redis.scard(key)).toBe(1);
  expect(await redis.ttl(key)).toBeGreaterThan(86_400);

  // The next day: the visitor counts again, and the old day's sets are deleted.
  now += 86_400_000;
  const next = dayIn(now);
  await send(b, "/");
  await flushBoth(a, b);
  await send(a, "/");
  await flushBoth(a, b);
  expect(await totals(a, next)).toEqual({ visitors: 1, views: 2, pageVisitors: 1 });
  expect(await redis.exists(key, `${prefix}:traffic:${day}:p`)).toBe(0);
  expect(await redis.scard(`${prefix}:traffic:${next}:v`)).toBe(1);
});

it("counts on each instance while Redis is unreachable", async () => {
  const [a, b] = await pair(`redis://127.0.0.1:${await freePort()}`);
  const day = dayIn(now);
  await send(a, "/");
  await send(b, "/");
  await flushBoth(a, b);
  expect(await totals(a, day)).toEqual({ visitors: 2, views: 2, pageVisitors: 2 });
});
