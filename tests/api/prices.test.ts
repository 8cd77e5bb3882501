import { beforeAll, describe, expect, it } from "vitest";
import { call, useTestApp, expectAdminOnly } from "./helpers.ts";

describe("prices", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const post = (payload: unknown) =>
    call<{ key?: string; amount?: number; error?: string }>(t.app, {
      method: "POST",
      url: "/api/prices",
      headers,
      payload: payload as object,
    });

  it("adds a price (201), then updates the same key (200)", async () => {
    const created = await post({ key: "take-off", amount: 100000 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ key: "take-off", amount: 100000 });
    const updated = await post({ key: "take-off", amount: 120000 });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ key: "take-off", amount: 120000 });
    const list = await call<{ key: string; amount: number }[]>(t.app, {
      method: "GET",
      url: "/api/prices",
    });
    expect(list.status).toBe(200);
    expect(list.body.filter((p) => p.key === "take-off")).toEqual([
      { key: "take-off", amount: 120000 },
    ]);
  });

  it("is public to read and admin-only to write", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/prices" })).status).toBe(200);
    await expectAdminOnly(t, {
      method: "POST",
      url: "/api/prices",
      payload: { key: "grow-me", amount: 1 },
    });
    await expectAdminOnly(t, { method: "DELETE", url: "/api/prices/grow-me" });
  });

  it.each([
    [{ key: "Take Off", amount: 1 }, /Key must be/],
    [{ key: "", amount: 1 }, /Key must be/],
    [{ key: "x".repeat(41), amount: 1 }, /Key must be/],
    [{ key: "ok", amount: -1 }, /negative/],
    [{ key: "ok", amount: 1.5 }, /whole number/],
    [{ key: "ok", amount: 1_000_000_001 }, /at most 1,000,000,000/],
    [{ key: "ok", amount: "100" }, /number/],
    [{ key: "ok" }, /number/],
    [{ amount: 5 }, /Key/],
  ])("rejects %j with 400", async (payload, message) => {
    const { status, body } = await post(payload);
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
  });

  it("accepts the bounds 0 and 1,000,000,000", async () => {
    expect((await post({ key: "free", amount: 0 })).status).toBe(201);
    expect((await post({ key: "max", amount: 1_000_000_000 })).body.amount).toBe(1_000_000_000);
  });

  it("deletes a price and answers 404 for an unknown key", async () => {
    await post({ key: "temp", amount: 5 });
    const removed = await call(t.app, { method: "DELETE", url: "/api/prices/temp", headers });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    const again = await call(t.app, { method: "DELETE", url: "/api/prices/temp", headers });
    expect(again.status).toBe(404);
  });

  it("caps JSON bodies at 100 KB with 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/prices",
      headers: { ...headers, "content-type": "application/json" },
      payload: JSON.stringify({ key: "big", amount: 1, pad: "x".repeat(110 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/too large/);
  });
});
