import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresChannel } from "../../server/lib/change-relay.ts";
import type { ChangeOrigin } from "../../server/lib/changes.ts";
import { call, createTestApp, type TestApp, setPrice, waitFor } from "./helpers.ts";

// Without Redis, instances on one PostgreSQL database hear each other's writes through
// LISTEN/NOTIFY (issue 10): a change on one empties the render caches of the others.

/** Two instances on one schema, no Redis. */
async function pair(): Promise<[TestApp, TestApp]> {
  const secret = randomBytes(32).toString("hex");
  const a = await createTestApp({ TOKEN_SECRET: secret });
  const { database } = a.config;
  if (database.kind !== "postgres") throw new Error("this file runs on PostgreSQL only");
  const b = await createTestApp({ TOKEN_SECRET: secret, DATABASE_SCHEMA: database.schema! });
  return [a, b];
}

const takeOff = async (t: TestApp) => {
  const answer = await call<{ key: string; amount: number }[]>(t.app, {
    method: "GET",
    url: "/api/prices",
  });
  expect(answer.status).toBe(200);
  return answer.body.find((price) => price.key === "take-off")?.amount;
};

/** Reads until an answer comes from B's memory: B keeps its copy of /api/prices. */
async function storedOn(t: TestApp, amount: number) {
  await waitFor(
    async () => {
      const hits = t.app.renderCache!.hits;
      expect(await takeOff(t)).toBe(amount);
      return t.app.renderCache!.hits - hits;
    },
    (fromMemory) => fromMemory === 1,
    2000,
  );
}

describe("the change relay through PostgreSQL LISTEN/NOTIFY", () => {
  it("empties another instance's render cache within a second of a write", async () => {
    const [a, b] = await pair();
    const headers = await a.adminHeaders();
    await setPrice(a, headers, 100_000);
    await storedOn(b, 100_000);
    const heard: [string, ChangeOrigin][] = [];
    b.app.services.changes.subscribe((topic, origin) => heard.push([topic, origin]));

    await setPrice(a, headers, 150_000);
    const elapsed = await waitFor(
      () => takeOff(b),
      (amount) => amount === 150_000,
      1000,
    );
    expect(elapsed).toBeLessThan(1000);
    expect(heard).toEqual([["prices", { remote: true }]]);
    // Redis is not configured, so /api/ready does not ask for it.
    const ready = await call(b.app, { method: "GET", url: "/api/ready" });
    expect(ready.body).toEqual({ status: "ready", checks: { database: "ok" } });
  });

  it("listens again after losing its connection, and drops what it may have missed", async () => {
    const [a, b] = await pair();
    const headers = await a.adminHeaders();
    await setPrice(a, headers, 100_000);
    await storedOn(b, 100_000);
    const heard: string[] = [];
    b.app.services.changes.subscribe((topic) => heard.push(topic));

    // The database ends both instances' listening connections (a restart, a failover).
    const { database } = a.config;
    if (database.kind !== "postgres") throw new Error("PostgreSQL only");
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const ended = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = $1",
        [`listen "${postgresChannel(database.schema)}"`],
      );
      expect(ended.rowCount).toBe(2);
    } finally {
      await admin.end();
    }

    await waitFor(
      async () => heard.join(","),
      (topics) => topics.includes("relay-resync"),
      10_000,
    );
    await storedOn(b, 100_000);
    await setPrice(a, headers, 175_000);
    await waitFor(
      () => takeOff(b),
      (amount) => amount === 175_000,
      1000,
    );
  });
});
