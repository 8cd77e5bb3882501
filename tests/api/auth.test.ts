import { beforeAll, describe, expect, it } from "vitest";
import { call, useTestApp, expectAdminOnly, TEST_PASSWORD } from "./helpers.ts";

describe("POST /api/auth/login and GET /api/auth/me", () => {
  const t = useTestApp();
  const email = "owner@example.com";
  beforeAll(async () => {
    await t.app.services.admins.create(email, TEST_PASSWORD);
  });

  const login = (payload: unknown, ip = "10.0.0.1") =>
    call<{ token?: string; error?: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: payload as object,
      remoteAddress: ip,
    });

  it("answers a token for the right credentials, usable on /api/auth/me", async () => {
    const { status, body, response } = await login({ email, password: TEST_PASSWORD });
    expect(status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const header = JSON.parse(Buffer.from(body.token!.split(".")[0]!, "base64url").toString());
    expect(header.alg).toBe("HS256");
    const payload = JSON.parse(Buffer.from(body.token!.split(".")[1]!, "base64url").toString());
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    const me = await call(t.app, {
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(String),
      email,
      name: "",
      role: "owner",
      weeklyReport: true,
      setupRequired: false,
    });
  });

  it("treats the e-mail case-insensitively", async () => {
    const { status } = await login(
      { email: "Owner@Example.COM", password: TEST_PASSWORD },
      "10.0.0.2",
    );
    expect(status).toBe(200);
  });

  it("answers 401 Invalid credentials for a wrong password and for an unknown e-mail", async () => {
    const wrong = await login({ email, password: "not the password" }, "10.0.0.3");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: "Invalid credentials" });
    const unknown = await login({ email: "nobody@example.com", password: "whatever" }, "10.0.0.3");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: "Invalid credentials" });
  });

  it("rejects bad bodies with 400 JSON", async () => {
    for (const payload of [{}, { email }, { password: "x" }, { email: 5, password: "x" }]) {
      const { status, body } = await login(payload, "10.0.0.5");
      expect(status).toBe(400);
      expect(body.error).toBeTypeOf("string");
    }
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "The request body is not valid JSON." });
  });

  it("locks an e-mail and IP out after 5 failures in 15 minutes, even for the right password", async () => {
    const ip = "10.0.0.6";
    for (let i = 0; i < 5; i++) {
      const { status } = await login({ email, password: `wrong-${i}` }, ip);
      expect(status).toBe(401);
    }
    const locked = await login({ email, password: TEST_PASSWORD }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(locked.response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // another IP is not locked out
    const elsewhere = await login({ email, password: TEST_PASSWORD }, "10.0.0.7");
    expect(elsewhere.status).toBe(200);
  });

  it("lets the pair in again once the window has passed", async () => {
    const ip = "10.0.0.8";
    for (let i = 0; i < 5; i++) await login({ email, password: `wrong-${i}` }, ip);
    expect((await login({ email, password: TEST_PASSWORD }, ip)).status).toBe(429);
    // age the failures past the 15-minute window
    const old = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await t.app.services.database.db
      .updateTable("login_attempts")
      .set({ attempted_at: old })
      .where("ip", "=", ip)
      .execute();
    expect((await login({ email, password: TEST_PASSWORD }, ip)).status).toBe(200);
  });

  it("refuses /api/auth/me without a valid token", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/auth/me" });
  });

  const me = (headers: { authorization: string }) =>
    call<{ email: string }>(t.app, { method: "GET", url: "/api/auth/me", headers });
  const signIn = async (address: string, password = TEST_PASSWORD) => {
    const { status, body } = await login({ email: address, password }, "10.0.1.1");
    expect(status).toBe(200);
    return { authorization: `Bearer ${body.token}` };
  };

  it("carries the admin's session version in the token", async () => {
    const { body } = await login({ email, password: TEST_PASSWORD }, "10.0.1.2");
    const payload = JSON.parse(Buffer.from(body.token!.split(".")[1]!, "base64url").toString());
    expect(payload.ver).toBeTypeOf("number");
    expect(payload.sub).toBeTypeOf("string");
  });

  it("signs out everywhere: every earlier token answers 401, a new sign-in works", async () => {
    const address = "everywhere@example.com";
    await t.app.services.admins.create(address, TEST_PASSWORD);
    const laptop = await signIn(address);
    const phone = await signIn(address);
    const other = await t.adminHeaders();
    expect((await me(phone)).status).toBe(200);

    const out = await call(t.app, { method: "POST", url: "/api/auth/logout-all", headers: laptop });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });

    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await me(phone)).body).toEqual({ error: "Invalid or expired token" });
    // Another admin's session is not touched.
    expect((await me(other)).status).toBe(200);
    const again = await signIn(address);
    expect((await me(again)).status).toBe(200);
    expect((await me(again)).body).toMatchObject({ email: address });
  });

  it("refuses POST /api/auth/logout-all without a valid token", async () => {
    await expectAdminOnly(t, { method: "POST", url: "/api/auth/logout-all" });
  });

  it("refuses a token signed before a password reset; one signed after works", async () => {
    const address = "reset@example.com";
    await t.app.services.admins.create(address, TEST_PASSWORD);
    const before = await signIn(address);
    const newPassword = "a brand new password 42";
    await t.app.services.admins.resetPassword({ email: address }, newPassword);
    expect((await me(before)).status).toBe(401);
    const after = await signIn(address, newPassword);
    expect((await me(after)).status).toBe(200);
  });

  it("refuses a token whose admin was deleted", async () => {
    const headers = await t.adminHeaders();
    const me = await call<{ email: string }>(t.app, {
      method: "GET",
      url: "/api/auth/me",
      headers,
    });
    await t.app.services.admins.remove({ email: me.body.email });
    const after = await call(t.app, { method: "GET", url: "/api/auth/me", headers });
    expect(after.status).toBe(401);
  });
});

// The suite hashes at a cheap cost (NODE_ENV=test); what depends on the cost runs at the
// production one.
describe("sign-in at the production password cost", () => {
  const t = useTestApp({ PASSWORD_HASH_COST: "15" });
  const email = "costly@example.com";
  beforeAll(async () => {
    await t.app.services.admins.create(email, TEST_PASSWORD);
  });

  const login = (payload: object) =>
    call(t.app, { method: "POST", url: "/api/auth/login", payload, remoteAddress: "10.0.0.4" });

  it("stores the hash with scrypt N = 2^15, r = 8, p = 1", async () => {
    const row = await t.app.services.database.db
      .selectFrom("admins")
      .select("password_hash")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect((await login({ email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("takes about as long for an unknown e-mail as for a wrong password", async () => {
    const time = async (payload: object) => {
      const start = performance.now();
      expect((await login(payload)).status).toBe(401);
      return performance.now() - start;
    };
    const wrong = await time({ email, password: "nope-1" });
    const unknown = await time({ email: "ghost@example.com", password: "nope-2" });
    // Both run one scrypt verification; without the decoy the unknown e-mail would be ~0 ms.
    expect(unknown).toBeGreaterThan(wrong * 0.4);
  });
});
