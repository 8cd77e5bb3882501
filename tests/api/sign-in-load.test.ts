import { beforeAll, describe, expect, it } from "vitest";
import {
  BUSY_RETRY_AFTER_SECONDS,
  hashing,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  SIGN_IN_BUSY,
} from "../../server/modules/staff/password.ts";
import { call, useTestApp, TEST_PASSWORD } from "./helpers.ts";

// Password hashes share libuv's thread pool with file reads: a sign-in flood must not take
// every thread. At most MAX_CONCURRENT_HASHES run at once, MAX_WAITING_HASHES wait, and
// the rest are refused at once with 503 and Retry-After.
describe("sign-in under load", () => {
  // Hashes dear enough that a flood's queue up, as at the production cost (15), at an
  // eighth of its work: the suite's cheap cost (NODE_ENV=test) would hardly ever queue.
  const t = useTestApp({ PASSWORD_HASH_COST: "12" });
  const email = "owner@example.com";
  beforeAll(async () => {
    await t.app.services.admins.create(email, TEST_PASSWORD);
  });

  const login = (address: string, password: string, ip: string) =>
    call<{ token?: string; error?: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: address, password },
      remoteAddress: ip,
    });

  it("answers 503 with Retry-After, without hashing, while every slot and queue place is taken", async () => {
    const gate = Promise.withResolvers<void>();
    const held = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES }, () =>
      hashing.run(() => gate.promise),
    );
    try {
      expect(hashing.running).toBe(MAX_CONCURRENT_HASHES);
      expect(hashing.waiting).toBe(MAX_WAITING_HASHES);
      const answers = await Promise.all([
        login(email, TEST_PASSWORD, "10.1.0.1"),
        login(email, "a wrong password", "10.1.0.2"),
        login("nobody@example.com", "a wrong password", "10.1.0.3"),
      ]);
      for (const { status, body, response } of answers) {
        expect(status).toBe(503);
        expect(body).toEqual({ error: SIGN_IN_BUSY });
        expect(response.headers["retry-after"]).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      }
      // Nothing was hashed or queued, and a refusal is not a failed attempt.
      expect(hashing.waiting).toBe(MAX_WAITING_HASHES);
      const attempts = await t.app.services.database.db
        .selectFrom("login_attempts")
        .select("id")
        .execute();
      expect(attempts).toEqual([]);
    } finally {
      gate.resolve();
      await Promise.all(held);
    }
    expect(hashing.running).toBe(0);
    expect((await login(email, TEST_PASSWORD, "10.1.0.1")).status).toBe(200);
  });

  it("never hashes more than the bound at once in a flood; the excess gets 503, never 500", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(`guess-${i}@example.com`, "a wrong password", `10.2.0.${i + 1}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    expect(statuses).toContain(401);
    for (const { status, body, response } of answers) {
      if (status !== 503) continue;
      expect(body).toEqual({ error: SIGN_IN_BUSY });
      expect(response.headers["retry-after"]).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    }
    expect(hashing.peak).toBeGreaterThanOrEqual(1);
    expect(hashing.peak).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    expect(hashing.running).toBe(0);
    expect(hashing.waiting).toBe(0);
  });
});
