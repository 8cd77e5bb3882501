import { describe, expect, inject, it } from "vitest";
import { call, editorHeaders, useTestApp } from "./helpers.ts";

// The agency's own marketing tags (issue 50): off by default, IDs checked by pattern, the
// consent notice and the CSP's hosts only while one is on, the choices recorded.

const cspOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers["content-security-policy"] ?? "");
const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? "";

describe("marketing tags", () => {
  const t = useTestApp({}, { web: true, buildDirectory: inject("buildDir") });

  it("are off on a fresh install: no notice, no other host in the CSP, no cookie", async () => {
    const owner = await t.adminHeaders();
    const overview = await call<{ tags: object; consent: { accepted: number } }>(t.app, {
      url: "/api/marketing-tags",
      headers: owner,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.tags).toEqual({});
    for (const url of ["/", "/policy", "/contact"]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain('data-island="consent"');
      expect(page.body, url).not.toContain("Cookie settings");
      expect(page.body, url).not.toContain("Marketing cookies");
      expect(page.headers["set-cookie"], url).toBeUndefined();
      const csp = cspOf(page);
      for (const name of ["script-src", "connect-src", "img-src"]) {
        expect(directive(csp, name), `${url} ${name}`).not.toMatch(/https:/);
      }
    }
    // With no tag on there was no notice to answer: nothing is recorded.
    const consent = await call(t.app, {
      method: "POST",
      url: "/api/consent",
      payload: { choice: "accepted" },
    });
    expect(consent.status).toBe(202);
    const rows = await t.app.services.database.db
      .selectFrom("consent_records")
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it("only an owner sets them, and only as IDs of their pattern", async () => {
    const body = { metaPixel: "123456789012345" };
    expect(
      (await call(t.app, { method: "PUT", url: "/api/marketing-tags", payload: body })).status,
    ).toBe(401);
    const editor = await editorHeaders(t.app, "editor-tags@example.com");
    expect(
      (
        await call(t.app, {
          method: "PUT",
          url: "/api/marketing-tags",
          headers: editor,
          payload: body,
        })
      ).status,
    ).toBe(403);
    expect((await call(t.app, { url: "/api/marketing-tags", headers: editor })).status).toBe(403);
    const owner = await t.adminHeaders();
    for (const bad of [
      { metaPixel: "<script>alert(1)</script>" },
      { googleTag: "UA-12345-1" },
      { tagManager: "GTM-abc" },
      { linkedIn: "12ab" },
      { other: "x" },
      { metaPixel: 123456789012345 },
    ]) {
      const refused = await call<{ error: string }>(t.app, {
        method: "PUT",
        url: "/api/marketing-tags",
        headers: owner,
        payload: bad,
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error).toBeTruthy();
    }
    const refused = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/marketing-tags",
      headers: owner,
      payload: { googleTag: "UA-12345-1" },
    });
    expect(refused.body.error).toContain("is not an ID of this tag (for example G-AB12CD34EF)");
  });

  it("while one is on, pages carry the notice, the CSP names only its hosts, the policy lists it", async () => {
    const owner = await t.adminHeaders();
    const saved = await call<Record<string, string>>(t.app, {
      method: "PUT",
      url: "/api/marketing-tags",
      headers: owner,
      payload: { metaPixel: " 123456789012345 ", googleTag: "G-AB12CD34EF", linkedIn: "" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ metaPixel: "123456789012345", googleTag: "G-AB12CD34EF" });

    const home = await t.app.inject({ url: "/" });
    expect(home.body).toContain('data-island="consent"');
    expect(home.body).toContain("Accept marketing cookies");
    expect(home.body).toContain("Cookie settings");
    // The tags load only in the browser, after "Accept": no script of theirs in the page.
    expect(home.body).not.toContain("connect.facebook.net");
    expect(home.headers["set-cookie"]).toBeUndefined();
    const csp = cspOf(home);
    expect(directive(csp, "script-src")).toContain("https://connect.facebook.net");
    expect(directive(csp, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(csp, "connect-src")).toContain("https://*.google-analytics.com");
    expect(csp).not.toContain("licdn.com");
    expect(csp).not.toContain("linkedin.com");
    // The nonce (or the stored page's hashes) stays.
    expect(directive(csp, "script-src")).toMatch(/'(nonce|sha256)-/);
    // Never on the API or the back office.
    const api = await t.app.inject({ url: "/api/health" });
    expect(cspOf(api)).not.toContain("facebook");

    const policy = await t.app.inject({ url: "/policy" });
    expect(policy.body).toContain("Marketing cookies (only if you accept)");
    expect(policy.body).toContain("Meta Platforms (Facebook, Instagram)");
    expect(policy.body).toContain("Google (Google Analytics, Google Ads)");
    expect(policy.body).not.toContain("LinkedIn</strong>");

    for (const choice of ["accepted", "declined", "accepted"]) {
      const recorded = await call(t.app, {
        method: "POST",
        url: "/api/consent",
        payload: { choice },
      });
      expect(recorded.status).toBe(202);
    }
    const bad = await call(t.app, {
      method: "POST",
      url: "/api/consent",
      payload: { choice: "maybe" },
    });
    expect(bad.status).toBe(400);
    const overview = await call<{ consent: { accepted: number; declined: number } }>(t.app, {
      url: "/api/marketing-tags",
      headers: owner,
    });
    expect(overview.body.consent).toMatchObject({ accepted: 2, declined: 1 });
    const rows = await t.app.services.database.db
      .selectFrom("consent_records")
      .select(["choice", "tags"])
      .execute();
    expect(rows.map((row) => row.tags)).toEqual(Array(3).fill("metaPixel,googleTag"));

    // Switched off again: the pages are as on a fresh install at once.
    await call(t.app, { method: "PUT", url: "/api/marketing-tags", headers: owner, payload: {} });
    const after = await t.app.inject({ url: "/" });
    expect(after.body).not.toContain('data-island="consent"');
    expect(cspOf(after)).not.toContain("facebook");
  });
});
