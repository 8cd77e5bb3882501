import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../../common/schemas/accounts.ts";
import {
  RECOVERY_CODE_COUNT,
  signInMessages,
  type SecurityStatus,
} from "../../common/schemas/sign-in.ts";
import { call, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// Two-step sign-in (issue 34), on SQLite and PostgreSQL: the authenticator app's codes on the
// test clock, recovery codes, the locks, the ticket's 5 minutes, and the owners' requirement.

/** The app's clock: the middle of a 30-second step, moved by the tests. */
const START = (Math.floor(Date.now() / 30_000) + 0.5) * 30_000;
let now = START;
const STEP = 30_000;

type Login = { token?: string; secondStep?: { ticket: string; methods: string[] }; error?: string };
type Headers = { authorization: string };

const codeAt = (secret: string, at: number) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at,
  });

describe("two-step sign-in", () => {
  const t = useTestApp({}, { clock: () => now });
  let ip = 0;
  /** A fresh address each time, so the pair lock (5 per e-mail and address) stays out of the way. */
  const nextIp = () => `10.2.${Math.floor(++ip / 250)}.${ip % 250}`;

  const login = (email: string, address = nextIp()) =>
    call<Login>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: address,
    });
  const secondStep = (ticket: string, code: string, address = nextIp()) =>
    call<{ token?: string; error?: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login/second-step",
      payload: { ticket, code },
      remoteAddress: address,
    });
  /** Signs in with the password, then `code`: the second step's answer. */
  const withCode = async (email: string, code: string) => {
    const first = await login(email);
    expect(first.status).toBe(200);
    expect(first.body.token).toBeUndefined();
    return secondStep(first.body.secondStep!.ticket, code);
  };

  /** A fresh account and its bearer header. */
  async function person(role: "owner" | "editor" = "owner") {
    const email = `p-${randomBytes(4).toString("hex")}@example.com`;
    await t.app.services.admins.create(email, TEST_PASSWORD, role);
    const answer = await login(email);
    expect(answer.status).toBe(200);
    return { email, headers: { authorization: `Bearer ${answer.body.token!}` } };
  }
  const post = <T>(url: string, headers: Headers, payload?: object) =>
    call<T>(t.app, { method: "POST", url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const get = <T>(url: string, headers: Headers) =>
    call<T>(t.app, { method: "GET", url: `/api${url}`, headers });
  const security = async (headers: Headers) =>
    (await get<SecurityStatus>("/auth/security", headers)).body;

  /** Sets up and confirms the app at the clock's time: the secret and the recovery codes. */
  async function withApp(headers: Headers) {
    const setup = await post<{ secret: string; otpauthUrl: string; qrSvg: string }>(
      "/auth/totp/setup",
      headers,
      { currentPassword: TEST_PASSWORD },
    );
    expect(setup.status).toBe(200);
    const confirm = await post<{ recoveryCodes: string[] }>("/auth/totp/confirm", headers, {
      code: codeAt(setup.body.secret, now),
    });
    expect(confirm.status).toBe(200);
    return { ...setup.body, codes: confirm.body.recoveryCodes };
  }
  const actions = async (adminId: string) =>
    (
      await t.app.services.database.db
        .selectFrom("audit_log")
        .select(["action", "summary"])
        .where("entity_id", "=", adminId)
        .orderBy("at")
        .execute()
    ).map((row) => row.action);
  const idOf = async (email: string) =>
    (
      await t.app.services.database.db
        .selectFrom("admins")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(() => {
    now = START;
  });

  it("sets up the app with a QR code and one code; the password then asks for a code", async () => {
    const { email, headers } = await person();
    expect(await security(headers)).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: [],
      requireSecondStep: false,
      setupRequired: false,
    });
    const setup = await post<{ secret: string; otpauthUrl: string; qrSvg: string }>(
      "/auth/totp/setup",
      headers,
      { currentPassword: TEST_PASSWORD },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.qrSvg.startsWith("<svg")).toBe(true);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(decodeURIComponent(url.pathname)).toContain(email);
    expect(url.searchParams.get("secret")).toBe(setup.body.secret);
    expect(url.searchParams.get("issuer")).toBeTruthy();
    // Not confirmed yet: the password alone still signs in.
    expect((await login(email)).body.token).toBeDefined();
    const wrong = await post("/auth/totp/confirm", headers, { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: signInMessages.wrongCode });
    const confirm = await post<{ recoveryCodes: string[] }>("/auth/totp/confirm", headers, {
      code: codeAt(setup.body.secret, now),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(confirm.body.recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only hashes are kept.
    const stored = await t.app.services.database.db
      .selectFrom("admin_recovery_codes")
      .select("code_hash")
      .where("admin_id", "=", await idOf(email))
      .execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(confirm.body.recoveryCodes[0]);
    expect(
      (await post("/auth/totp/setup", headers, { currentPassword: TEST_PASSWORD })).status,
    ).toBe(409);
    expect(await security(headers)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });

    const first = await login(email);
    expect(first.status).toBe(200);
    expect(first.body.token).toBeUndefined();
    expect(first.body.secondStep!.methods).toEqual(["totp", "recovery"]);
    expect(await actions(await idOf(email))).toContain("totp-on");
    // A ticket is no bearer token.
    expect(
      (await get("/auth/me", { authorization: `Bearer ${first.body.secondStep!.ticket}` })).status,
    ).toBe(401);
  });

  it("takes a code one step early or late, refuses two steps off, a reused or an earlier one", async () => {
    now = START;
    const { email, headers } = await person();
    const { secret } = await withApp(headers);
    // The app was confirmed with the code of START's step; move on five steps.
    now = START + 5 * STEP;
    const late = await withCode(email, codeAt(secret, now - STEP));
    expect(late.status).toBe(200);
    expect(late.body.token).toBeTypeOf("string");
    expect((await get("/auth/me", { authorization: `Bearer ${late.body.token}` })).status).toBe(
      200,
    );
    const early = await withCode(email, codeAt(secret, now + STEP));
    expect(early.status).toBe(200);
    // The same code again, and the (earlier) code of now after the next step's code.
    expect((await withCode(email, codeAt(secret, now + STEP))).body).toEqual({
      error: signInMessages.wrongCode,
    });
    expect((await withCode(email, codeAt(secret, now))).status).toBe(401);
    // Two steps off either way: refused.
    now = START + 20 * STEP;
    expect((await withCode(email, codeAt(secret, now + 2 * STEP))).status).toBe(401);
    expect((await withCode(email, codeAt(secret, now - 2 * STEP))).status).toBe(401);
    // The current step's code still works after those refusals.
    expect((await withCode(email, codeAt(secret, now))).status).toBe(200);
    now = START;
  });

  it("takes each recovery code once, however it is typed", async () => {
    const { email, headers } = await person();
    const { codes } = await withApp(headers);
    const typed = ` ${codes[3]!.toUpperCase().replace("-", " - ")} `;
    const used = await withCode(email, typed);
    expect(used.status).toBe(200);
    expect(used.body.token).toBeTypeOf("string");
    const again = await withCode(email, codes[3]!);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: signInMessages.wrongCode });
    expect(await security(headers)).toMatchObject({ recoveryCodesLeft: 9 });
    expect(await actions(await idOf(email))).toContain("recovery-code-used");
    const session = await t.app.services.database.db
      .selectFrom("audit_log")
      .select("summary")
      .where("action", "=", "recovery-code-used")
      .execute();
    for (const row of session) expect(row.summary).not.toContain(codes[3]!.slice(0, 5));
  });

  it("locks like the password: 5 wrong codes from one address, then 429 even for the right one", async () => {
    const { email, headers } = await person();
    const { secret } = await withApp(headers);
    now = START + 3 * STEP;
    const address = "10.9.9.9";
    for (let i = 0; i < 5; i++) {
      const first = await login(email);
      const wrong = await secondStep(first.body.secondStep!.ticket, "123456", address);
      expect(wrong.status).toBe(401);
    }
    const first = await login(email);
    const locked = await secondStep(first.body.secondStep!.ticket, codeAt(secret, now), address);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed sign-in attempts/);
    now = START;
  });

  it("refuses a ticket after 5 minutes, and a forged or foreign one", async () => {
    const { email, headers } = await person();
    const { secret } = await withApp(headers);
    const first = await login(email);
    const ticket = first.body.secondStep!.ticket;
    now = START + 5 * 60_000 + 1000;
    const late = await secondStep(ticket, codeAt(secret, now));
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: signInMessages.ticketExpired });
    now = START;
    const forged = `${ticket.slice(0, -4)}AAAA`;
    expect((await secondStep(forged, codeAt(secret, now))).status).toBe(400);
    // A session token is not a ticket either.
    expect((await secondStep(headers.authorization.slice(7), codeAt(secret, now))).body).toEqual({
      error: signInMessages.ticketExpired,
    });
  });

  it("asks the password to remove the app or make new codes; the old codes then stop", async () => {
    now = START;
    const { email, headers } = await person();
    const { codes } = await withApp(headers);
    const wrong = await post("/auth/recovery-codes", headers, { currentPassword: "not it" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: accountMessages.wrongCurrentPassword });
    const fresh = await post<{ recoveryCodes: string[] }>("/auth/recovery-codes", headers, {
      currentPassword: TEST_PASSWORD,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect((await withCode(email, codes[0]!)).status).toBe(401);
    expect((await withCode(email, fresh.body.recoveryCodes[0]!)).status).toBe(200);

    const refused = await post("/auth/totp/remove", headers, { currentPassword: "not it" });
    expect(refused.status).toBe(400);
    expect((await login(email)).body.token).toBeUndefined();
    const removed = await post("/auth/totp/remove", headers, { currentPassword: TEST_PASSWORD });
    expect(removed.status).toBe(200);
    expect((await login(email)).body.token).toBeTypeOf("string");
    expect(await security(headers)).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect(await actions(await idOf(email))).toEqual(
      expect.arrayContaining(["totp-on", "recovery-codes", "totp-off"]),
    );
    // Nothing left to remove or remake.
    expect(
      (await post("/auth/totp/remove", headers, { currentPassword: TEST_PASSWORD })).status,
    ).toBe(404);
    expect(
      (await post("/auth/recovery-codes", headers, { currentPassword: TEST_PASSWORD })).status,
    ).toBe(409);
  });

  it("holds someone without a second step on the set-up while the owners require one", async () => {
    now = START;
    const owner = await person("owner");
    const editor = await person("editor");
    // Owners only.
    expect((await get("/auth/settings", editor.headers)).status).toBe(403);
    const byEditor = await call(t.app, {
      method: "PUT",
      url: "/api/auth/settings",
      headers: editor.headers,
      payload: { requireSecondStep: true },
    });
    expect(byEditor.status).toBe(403);
    const put = (on: boolean) =>
      call<{ requireSecondStep?: boolean; error?: string }>(t.app, {
        method: "PUT",
        url: "/api/auth/settings",
        headers: owner.headers,
        payload: { requireSecondStep: on },
      });
    // Not without one's own second step.
    const early = await put(true);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ error: signInMessages.ownSecondStepFirst });
    await withApp(owner.headers);
    expect((await put(true)).body).toEqual({ requireSecondStep: true });
    expect((await get("/auth/settings", owner.headers)).body).toEqual({ requireSecondStep: true });
    try {
      const me = await get<{ setupRequired: boolean }>("/auth/me", editor.headers);
      expect(me.status).toBe(200);
      expect(me.body.setupRequired).toBe(true);
      const held = await get("/contact", editor.headers);
      expect(held.status).toBe(403);
      expect(held.body).toEqual({ error: signInMessages.setupRequired });
      expect(await security(editor.headers)).toMatchObject({
        requireSecondStep: true,
        setupRequired: true,
      });
      // The owner, who has one, is not held.
      expect((await get("/contact", owner.headers)).status).toBe(200);
      // A fresh editor signing in gets a token (there is no second step to ask) but is held.
      const fresh = await person("editor");
      expect((await get("/contact", fresh.headers)).status).toBe(403);

      await withApp(editor.headers);
      expect((await get("/contact", editor.headers)).status).toBe(200);
      expect(
        (await get<{ setupRequired: boolean }>("/auth/me", editor.headers)).body.setupRequired,
      ).toBe(false);
      const entries = await t.app.services.database.db
        .selectFrom("audit_log")
        .select(["summary", "entity_type"])
        .where("action", "=", "require-second-step-change")
        .execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]!.entity_type).toBe("auth-settings");
      expect(JSON.parse(entries[0]!.summary)).toEqual({
        before: { requireSecondStep: false },
        after: { requireSecondStep: true },
      });
    } finally {
      expect((await put(false)).status).toBe(200);
    }
    expect((await get("/contact", editor.headers)).status).toBe(200);
  });
});
