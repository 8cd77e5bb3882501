import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { describe, expect, it, onTestFinished } from "vitest";
import type { BuildOptions } from "../../server/app.ts";
import type { ChangeOrigin } from "../../server/lib/changes.ts";
import { enquiryPayloads } from "../factories/enquiries.ts";
import { freePort } from "../support/free-port.ts";
import { startRedisServer } from "../support/redis-server.ts";
import {
  call,
  createTestApp,
  TEST_PASSWORD,
  type TestApp,
  sameDatabase,
  setPrice,
  waitFor,
} from "./helpers.ts";

// Several instances behind a proxy on one database share their per-IP rate limits and hear
// each other's writes through Redis (issue 10); without Redis they still start and serve.

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

// createTestApp closes each app when its test ends, the last made first (it shares the
// first one's database).
const open = (env: Record<string, string>, options: BuildOptions = {}): Promise<TestApp> =>
  createTestApp(env, options);

/** One Redis shared by parallel tests: every test has keys and a channel of its own. */
const uniquePrefix = () => `test-${randomBytes(6).toString("hex")}`;

/** Two instances on one database and one Redis prefix. */
async function pair(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  // One signing secret, as TOKEN_SECRET would be on every instance of a site.
  const settings = {
    REDIS_URL,
    REDIS_PREFIX: uniquePrefix(),
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    ...env,
  };
  const a = await open(settings);
  const b = await open({ ...settings, ...sameDatabase(a) });
  return [a, b];
}

const contact = (t: TestApp, remoteAddress: string) =>
  call<{ error?: string; _id?: string }>(t.app, {
    method: "POST",
    url: "/api/contact",
    payload: enquiryPayloads.home,
    remoteAddress,
  });

const prices = async (t: TestApp) => {
  const answer = await call<{ key: string; amount: number }[]>(t.app, {
    method: "GET",
    url: "/api/prices",
  });
  expect(answer.status).toBe(200);
  return answer.body;
};

const ready = (t: TestApp) =>
  call<{ status: string; failing?: string[]; checks: Record<string, string> }>(t.app, {
    method: "GET",
    url: "/api/ready",
  });

const takeOff = (list: { key: string; amount: number }[]) =>
  list.find((price) => price.key === "take-off")?.amount;

describe("rate limits shared through Redis", () => {
  it("count one address's enquiries to two instances together", async () => {
    const [a, b] = await pair({ RATE_LIMIT_PER_MINUTE: "3" });
    const ip = "10.20.0.1";
    expect((await contact(a, ip)).status).toBe(201);
    expect((await contact(a, ip)).status).toBe(201);
    const third = await contact(b, ip);
    expect(third.status).toBe(201);
    expect(third.response.headers["x-ratelimit-limit"]).toBe("3");
    expect(third.response.headers["x-ratelimit-remaining"]).toBe("0");

    for (const t of [b, a]) {
      const refused = await contact(t, ip);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.response.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body).toEqual({
        error: `Too many requests. Please try again in ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`,
      });
      expect(refused.response.headers["x-ratelimit-limit"]).toBe("3");
      expect(refused.response.headers["x-ratelimit-remaining"]).toBe("0");
    }
    // Another address is counted apart, and so is a site with another REDIS_PREFIX.
    expect((await contact(b, "10.20.0.2")).status).toBe(201);
    const elsewhere = await open({
      REDIS_URL,
      REDIS_PREFIX: uniquePrefix(),
      RATE_LIMIT_PER_MINUTE: "3",
    });
    expect((await contact(elsewhere, ip)).status).toBe(201);

    // Only the accepted ones were stored: 3 + 1 on the shared database.
    const stored = await call(a.app, {
      method: "GET",
      url: "/api/contact/",
      headers: await a.adminHeaders(),
    });
    expect(stored.response.headers["x-total-count"]).toBe("4");
    for (const t of [a, b]) expect((await ready(t)).body.checks).toMatchObject({ redis: "ok" });
  });

  it("keep the sign-in lock of the database across instances: 5 failures on A lock the 6th try on B", async () => {
    const [a, b] = await pair();
    const email = `owner-${randomBytes(3).toString("hex")}@example.com`;
    await a.app.services.admins.create(email, TEST_PASSWORD);
    const login = (t: TestApp, password: string) =>
      call<{ token?: string; error?: string }>(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password },
        remoteAddress: "10.21.0.1",
      });
    for (let i = 0; i < 5; i++) expect((await login(a, `wrong-${i}`)).status).toBe(401);
    const locked = await login(b, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed sign-in attempts/);
    expect(Number(locked.response.headers["retry-after"])).toBeGreaterThan(14 * 60);
  });
});

describe("the change relay through Redis", () => {
  it("empties another instance's render cache within a second of a write, without echoes", async () => {
    const [a, b] = await pair();
    // A third instance on the same database but another prefix: it hears nothing.
    const deaf = await open({ REDIS_URL, REDIS_PREFIX: uniquePrefix(), ...sameDatabase(a) });
    const headers = await a.adminHeaders();
    await setPrice(a, headers, 100_000);

    // B and the deaf one keep /api/prices in memory (B's first copy may still be dropped by
    // the relayed news of the write above: read until one comes from memory).
    for (const t of [b, deaf]) {
      await waitFor(
        async () => {
          const hits = t.app.renderCache!.hits;
          expect(takeOff(await prices(t))).toBe(100_000);
          return t.app.renderCache!.hits - hits;
        },
        (fromMemory) => fromMemory === 1,
        2000,
      );
    }

    const heard = { a: [] as [string, ChangeOrigin][], b: [] as [string, ChangeOrigin][] };
    a.app.services.changes.subscribe((topic, origin) => heard.a.push([topic, origin]));
    b.app.services.changes.subscribe((topic, origin) => heard.b.push([topic, origin]));

    await setPrice(a, headers, 150_000);
    const elapsed = await waitFor(
      () => prices(b),
      (list) => takeOff(list) === 150_000,
      1000,
    );
    expect(elapsed).toBeLessThan(1000);
    // Without the relay the answer stays the stored one.
    expect(takeOff(await prices(deaf))).toBe(100_000);

    // And back: a write on B reaches A. Redis delivers in order, so once A has heard B's
    // write, an echo of A's own would have arrived before it.
    await setPrice(b, headers, 175_000);
    await waitFor(
      async () => heard.a.length,
      (count) => count >= 2,
      1000,
    );
    expect(heard.a).toEqual([
      ["prices", { remote: false }],
      ["prices", { remote: true }],
    ]);
    expect(heard.b).toEqual([
      ["prices", { remote: true }],
      ["prices", { remote: false }],
    ]);
    expect(takeOff(await prices(a))).toBe(175_000);
  });
});

describe("Redis unreachable", () => {
  it("starts anyway, stores enquiries, lets limits through and says it is not ready", async () => {
    const deadUrl = `redis://127.0.0.1:${await freePort()}`;
    const log: { level: number; msg: string }[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) log.push(JSON.parse(line));
        done();
      },
    });
    const started = Date.now();
    const t = await open(
      {
        REDIS_URL: deadUrl,
        REDIS_PREFIX: uniquePrefix(),
        RATE_LIMIT_PER_MINUTE: "3",
        LOG_LEVEL: "warn",
      },
      { logger: true, logStream },
    );
    expect(Date.now() - started).toBeLessThan(15_000);

    // Twice the limit from one address: every one is accepted and stored.
    for (let i = 0; i < 6; i++) {
      const sent = await contact(t, "10.22.0.1");
      expect(sent.status).toBe(201);
      expect(sent.body._id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const newsletter = await call(t.app, {
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "reader@example.com" },
      remoteAddress: "10.22.0.1",
    });
    expect(newsletter.status).toBeLessThan(300);
    const headers = await t.adminHeaders();
    const stored = await call(t.app, { method: "GET", url: "/api/contact/", headers });
    expect(stored.status).toBe(200);
    expect(stored.response.headers["x-total-count"]).toBe("6");

    // Writes still work, and are still heard by this instance's own cache.
    await setPrice(t, headers, 90_000);
    expect(takeOff(await prices(t))).toBe(90_000);
    await setPrice(t, headers, 95_000);
    expect(takeOff(await prices(t))).toBe(95_000);

    const notReady = await ready(t);
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({
      status: "unavailable",
      failing: ["redis"],
      checks: { database: "ok", redis: "unavailable" },
    });
    expect((await call(t.app, { method: "GET", url: "/api/health" })).status).toBe(200);

    // Said once, not once a request; and no request failed with a 500.
    const said = (text: string) => log.filter((line) => line.msg.includes(text));
    expect(said("rate limits cannot reach Redis")).toHaveLength(1);
    expect(said("rate limits cannot reach Redis")[0]!.level).toBe(40);
    expect(said("Redis is unreachable (commands connection)")).toHaveLength(1);
    expect(log.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
      "not ready: redis",
    ]);
  });

  it("fails open while Redis is stopped and counts and relays again once it is back", async () => {
    const redis = await startRedisServer();
    onTestFinished(redis.stop);
    const [a, b] = await pair({ REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: "3" });
    const headers = await a.adminHeaders();
    expect((await ready(a)).status).toBe(200);
    expect((await ready(b)).status).toBe(200);

    await redis.stop();
    await waitFor(
      () => ready(b),
      (answer) => answer.status === 503,
      10_000,
    );
    const down = await ready(a);
    expect(down.status).toBe(503);
    expect(down.body.failing).toEqual(["redis"]);
    for (let i = 0; i < 5; i++)
      expect((await contact(i % 2 ? a : b, "10.23.0.1")).status).toBe(201);

    await redis.start();
    for (const t of [a, b]) {
      await waitFor(
        () => ready(t),
        (answer) => answer.status === 200,
        15_000,
      );
    }
    // Counted together again.
    for (let i = 0; i < 3; i++)
      expect((await contact(i % 2 ? a : b, "10.23.0.2")).status).toBe(201);
    expect((await contact(a, "10.23.0.2")).status).toBe(429);
    expect((await contact(b, "10.23.0.2")).status).toBe(429);

    // Relayed again: B's stored /api/prices goes when A writes.
    await setPrice(a, headers, 200_000);
    expect(takeOff(await prices(b))).toBe(200_000);
    expect(takeOff(await prices(b))).toBe(200_000);
    await setPrice(a, headers, 210_000);
    await waitFor(
      () => prices(b),
      (list) => takeOff(list) === 210_000,
      1000,
    );

    const stored = await call(a.app, { method: "GET", url: "/api/contact/", headers });
    expect(stored.response.headers["x-total-count"]).toBe("8");
  });
});
