import { describe, expect, inject, it } from "vitest";
import { generatedAdminEmail } from "../../server/modules/setup/service.ts";
import { call, expectAdminOnly, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// The dashboard's set-up card (issue 47): the first owner names the agency, gives their own
// name and real e-mail in place of the generated admin@ address, and keeps or removes the
// sample content; "Remove sample content" empties the samples, and the home page then shows
// no built-in sample videos.

describe("setting the site up at first sign-in", () => {
  const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));

  async function signIn(email: string, role: "owner" | "editor" = "owner") {
    await t.app.services.admins.create(email, TEST_PASSWORD, role);
    const { body } = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
    });
    return { authorization: `Bearer ${body.token}` };
  }

  it("refuses strangers and editors, checks the answer, then sets the site up once", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/setup" });
    await expectAdminOnly(t, { method: "POST", url: "/api/setup", payload: {} });
    await expectAdminOnly(t, { method: "POST", url: "/api/setup/remove-samples" });
    const editor = await signIn("editor-setup@example.com", "editor");
    const refused = await call(t.app, {
      method: "POST",
      url: "/api/setup/remove-samples",
      headers: editor,
    });
    expect(refused.status).toBe(403);

    const owner = await signIn(generatedAdminEmail);
    expect((await call(t.app, { url: "/api/setup", headers: owner })).body).toEqual({
      shown: true,
    });
    const bad = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/setup",
      headers: owner,
      payload: { agencyName: " ", name: "Ada", email: "nope", keepSamples: true },
    });
    expect(bad.status).toBe(400);
    const home = await t.app.inject({ url: "/" });
    expect(home.body).toContain('id="portfolio-title"');

    const done = await call<{ email: string; removed: { items: number } | null }>(t.app, {
      method: "POST",
      url: "/api/setup",
      headers: owner,
      payload: {
        agencyName: "Lagos Bloom Media",
        name: "Ada Obi",
        email: "ada@lagosbloom.example",
        keepSamples: false,
      },
    });
    expect(done.status).toBe(200);
    expect(done.body.email).toBe("ada@lagosbloom.example");
    expect(done.body.removed!.items).toBeGreaterThan(0);
    expect((await call<{ name: string }>(t.app, { url: "/api/identity" })).body.name).toBe(
      "Lagos Bloom Media",
    );
    expect((await call(t.app, { url: "/api/setup", headers: owner })).body).toEqual({
      shown: false,
    });
    // The real e-mail signs in now; the generated one no longer does.
    const login = (email: string) =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: TEST_PASSWORD },
      });
    expect((await login("ada@lagosbloom.example")).status).toBe(200);
    expect((await login(generatedAdminEmail)).status).toBe(401);
    // The samples are gone: the team and testimonials are empty, the portfolio band too.
    for (const type of ["team", "testimonials", "brands", "gallery"]) {
      const list = await call<unknown[]>(t.app, { url: `/api/content/${type}`, headers: owner });
      expect(list.body, type).toEqual([]);
    }
    const after = await t.app.inject({ url: "/" });
    expect(after.body).not.toContain('id="portfolio-title"');
    expect(after.body).toContain("Lagos Bloom Media");

    // Another owner's real e-mail changes on My account (its link), not here.
    const other = await signIn("second-owner@example.com");
    const moved = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/setup",
      headers: other,
      payload: { agencyName: "X", name: "Y", email: "y@example.com", keepSamples: true },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatch(/My account/);
  });
});
