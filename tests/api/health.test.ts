import { describe, expect, it } from "vitest";
import { call, createTestApp, useTestApp } from "./helpers.ts";

describe("health, docs and unknown endpoints", () => {
  const t = useTestApp();

  it("answers ok after a database round trip", async () => {
    const { status, body } = await call(t.app, { method: "GET", url: "/api/health" });
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("publishes an OpenAPI 3 document with every API path", async () => {
    const { status, body } = await call<{ openapi: string; paths: Record<string, unknown> }>(
      t.app,
      { method: "GET", url: "/api/openapi.json" },
    );
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const path of ["/api/health", "/api/auth/login", "/api/prices"]) {
      expect(Object.keys(body.paths)).toContain(path);
    }
  });

  it("serves the API docs page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const { status, body } = await call(t.app, { method: "GET", url: "/api/does-not-exist" });
    expect(status).toBe(404);
    expect(body).toEqual({ error: "No such API endpoint." });
  });

  it("answers 503 when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.app.services.database.close();
    const { status, body } = await call(broken.app, { method: "GET", url: "/api/health" });
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "unavailable" });
    // the database is already closed; closing the app must still clean up
    await broken.close().catch(() => {});
  });
});

describe("requests Fastify refuses before routing", () => {
  it("answer a malformed %-escape with a 400 JSON error like every other", async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: "GET", url: "/api/blogs/%ff" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "The address is malformed." });
    } finally {
      await t.close();
    }
  });
});

describe("readiness", () => {
  it("is ready when every configured part answers, and says which", async () => {
    const t = await createTestApp();
    try {
      const { status, body, response } = await call(t.app, { method: "GET", url: "/api/ready" });
      expect(status).toBe(200);
      expect(body).toEqual({ status: "ready", checks: { database: "ok" } });
      expect(response.headers["cache-control"]).toBe("no-store");
    } finally {
      await t.close();
    }
  });

  it("answers 503 naming the failing part, without the reason, when the database is gone", async () => {
    const t = await createTestApp();
    await t.app.services.database.close();
    const { status, body } = await call(t.app, { method: "GET", url: "/api/ready" });
    expect(status).toBe(503);
    expect(body).toEqual({
      status: "unavailable",
      failing: ["database"],
      checks: { database: "unavailable" },
    });
    await t.close().catch(() => {});
  });

  it("counts a part that does not answer in time as failing", async () => {
    const t = await createTestApp();
    try {
      t.app.services.readiness.add("storage", () => new Promise(() => {}));
      const started = Date.now();
      const { status, body } = await call(t.app, { method: "GET", url: "/api/ready" });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(status).toBe(503);
      expect(body).toMatchObject({
        failing: ["storage"],
        checks: { database: "ok", storage: "unavailable" },
      });
    } finally {
      await t.close();
    }
  });
});
