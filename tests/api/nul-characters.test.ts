import { describe, expect, inject, it } from "vitest";
import { enquiryPayloads, homeEnquiryForm } from "../factories/enquiries.ts";
import { call, useTestApp } from "./helpers.ts";

// Hostile input that reaches the database engine: PostgreSQL cannot store a NUL character
// and SQLite can, so this file runs on both (the rest of the hostile input, in
// hostile-input.test.ts, runs once).

const pages = () => ({ web: true, buildDirectory: inject("buildDir") });

const form = { "content-type": "application/x-www-form-urlencoded" };

describe("NUL characters (PostgreSQL cannot store them)", () => {
  const t = useTestApp({}, pages());

  it("never reach the database: ids with one name nothing, searches and stored text drop it", async () => {
    const headers = await t.adminHeaders();
    for (const [method, url] of [
      ["DELETE", "/api/newsletter/%00"],
      ["DELETE", "/api/contact/a%00b"],
      ["GET", "/api/contact/%00"],
      ["PATCH", "/api/prices/%00"],
    ] as const) {
      const response = await call(t.app, {
        method,
        url,
        headers,
        ...(method === "PATCH" ? { payload: { price: 1000 } } : {}),
      });
      expect(`${method} ${url}: ${response.status}`).toMatch(/: 40[04]$/);
    }
    for (const url of [
      "/api/newsletter/export.csv?q=%00",
      "/api/newsletter?q=a%00",
      "/api/contact?q=%00&serviceType=%00",
    ]) {
      expect((await call(t.app, { method: "GET", url, headers })).status, url).toBe(200);
    }
    const blogPage = await call(t.app, { method: "GET", url: "/blog/%00" });
    expect(blogPage.status).toBe(404);
    const json = await call<{ name: string }>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: { ...enquiryPayloads.home, name: "Ada\u0000 Obi" },
    });
    expect(json.status).toBe(201);
    expect(json.body.name).toBe("Ada Obi");
    const login = await call(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a\u0000@example.com", password: "x" },
    });
    expect(login.status).toBe(401);
    const page = await call<string>(t.app, {
      method: "POST",
      url: "/?index",
      headers: form,
      payload: homeEnquiryForm().replace("Ada", "Ada%00"),
    });
    expect(page.status).toBe(200);
    const stored = await call<{ name: string }[]>(t.app, {
      method: "GET",
      url: "/api/contact?status=all",
      headers,
    });
    expect(stored.body.map((enquiry) => enquiry.name).sort()).toEqual(["Ada Obi", "Ada Obi"]);
  });
});
