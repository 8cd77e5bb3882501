import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { signInMessages, type Passkey } from "../../common/schemas/sign-in.ts";
import { useMailServer } from "../support/mail-server.ts";
import { SoftPasskey } from "../support/soft-passkey.ts";
import { call, createTestApp, sameDatabase, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// Issue 46, item 1 and "also seen": a password-reset link (mailed, or an owner's "Password
// link") sets the password only. An account with an authenticator app or a passkey gets what
// the password sign-in gives it, a second-step ticket, and no token until the second step;
// every other session ends. A ticket signs in once, on any number of instances.

const ORIGIN = "https://agency.test";
const NEW_PASSWORD = "a brand new password 42";
/** The app's clock: the middle of a 30-second step, moved on by the tests. */
let now = (Math.floor(Date.now() / 30_000) + 0.5) * 30_000;
const STEP = 30_000;

type Headers = { authorization: string };
type Answer = {
  token?: string;
  secondStep?: { ticket: string; methods: string[] };
  error?: string;
};

const codeAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

describe("a reset link and the second step", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({ ...smtp.env(), PUBLIC_ORIGIN: ORIGIN }), { clock: () => now });

  let ip = 0;
  const nextIp = () => `10.46.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = <T = Answer>(url: string, payload: object, headers: Partial<Headers> = {}) =>
    call<T>(t.app, { method: "POST", url, payload, headers, remoteAddress: nextIp() });
  const me = (headers: Headers) =>
    call<{ id: string; email: string }>(t.app, { method: "GET", url: "/api/auth/me", headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A fresh account, signed in: its e-mail, id and header. */
  async function person(role: "owner" | "editor" = "editor") {
    const email = `r-${randomBytes(4).toString("hex")}@example.com`;
    await t.app.services.admins.create(email, TEST_PASSWORD, role);
    const login = await post("/api/auth/login", { email, password: TEST_PASSWORD });
    const headers = bearer(login.body.token!);
    return { email, headers, id: (await me(headers)).body.id };
  }
  /** Sets up the authenticator app (the password asked again): its secret. */
  async function withApp(headers: Headers) {
    const setup = await post<{ secret: string }>(
      "/api/auth/totp/setup",
      { currentPassword: TEST_PASSWORD },
      headers,
    );
    expect(setup.status).toBe(200);
    const confirm = await post<{ recoveryCodes: string[] }>(
      "/api/auth/totp/confirm",
      { code: codeAt(setup.body.secret, now) },
      headers,
    );
    expect(confirm.status).toBe(200);
    now += STEP;
    return { secret: setup.body.secret, codes: confirm.body.recoveryCodes };
  }
  /** The token of the first mail to `email` since `from` with a reset link (waits for it). */
  async function resetLinkIn(email: string, from: number) {
    for (let count = from + 1; ; count++) {
      await smtp.received(count);
      const { mail, rcptTo } = smtp.inbox[count - 1]!;
      const token = /admin\/reset-password#token=([\w-]+)/.exec(mail.text ?? "")?.[1];
      if (token && rcptTo.includes(email)) return token;
    }
  }
  /** The reset link mailed to `email` after asking for it on the sign-in page. */
  async function mailedLink(email: string) {
    const before = smtp.inbox.length;
    expect((await post("/api/auth/forgot-password", { email })).status).toBe(200);
    return resetLinkIn(email, before);
  }

  it("an account with an app: the reset answers a ticket as the sign-in does, no token until the code", async () => {
    const { email, headers, id } = await person();
    const { secret } = await withApp(headers);
    const elsewhere = (await post("/api/auth/login", { email, password: TEST_PASSWORD })).body;
    expect(elsewhere.secondStep).toBeDefined();

    const reset = await post("/api/auth/reset-password", {
      token: await mailedLink(email),
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(reset.response.headers["cache-control"]).toBe("no-store");
    expect(reset.body).toEqual({
      secondStep: { ticket: expect.any(String), methods: ["totp", "recovery"] },
    });
    // The same shape the password sign-in answers.
    const login = await post("/api/auth/login", { email, password: NEW_PASSWORD });
    expect(Object.keys(login.body)).toEqual(Object.keys(reset.body));
    expect(Object.keys(login.body.secondStep!).sort()).toEqual(
      Object.keys(reset.body.secondStep!).sort(),
    );
    // The ticket is no session, and the session from before the reset has ended.
    expect((await me(bearer(reset.body.secondStep!.ticket))).status).toBe(401);
    expect((await me(headers)).status).toBe(401);
    expect(
      await t.app.services.database.db
        .selectFrom("admin_sessions")
        .select("id")
        .where("admin_id", "=", id)
        .execute(),
    ).toEqual([]);
    // The old password is gone.
    expect((await post("/api/auth/login", { email, password: TEST_PASSWORD })).status).toBe(401);

    const wrong = await post("/api/auth/login/second-step", {
      ticket: reset.body.secondStep!.ticket,
      code: "000000",
    });
    expect(wrong.status).toBe(401);
    const passed = await post("/api/auth/login/second-step", {
      ticket: reset.body.secondStep!.ticket,
      code: codeAt(secret, now),
    });
    expect(passed.status).toBe(200);
    expect((await me(bearer(passed.body.token!))).body.id).toBe(id);
    const sessions = await call<{ sessions: { method: string; current: boolean }[] }>(t.app, {
      method: "GET",
      url: "/api/auth/sessions",
      headers: bearer(passed.body.token!),
    });
    expect(sessions.body.sessions).toEqual([
      expect.objectContaining({ method: "password+totp", current: true }),
    ]);
    // In the activity log, as before: the reset, by the account itself.
    const entries = await t.app.services.database.db
      .selectFrom("audit_log")
      .select("actor_email")
      .where("action", "=", "password-reset")
      .where("entity_id", "=", id)
      .execute();
    expect(entries).toEqual([{ actor_email: email }]);
    now += STEP;
  });

  it("a ticket signs in once: a second use, even with another right code, is refused", async () => {
    const { email, headers } = await person();
    const { secret, codes } = await withApp(headers);
    const { ticket } = (await post("/api/auth/login", { email, password: TEST_PASSWORD })).body
      .secondStep!;
    const first = await post("/api/auth/login/second-step", { ticket, code: codeAt(secret, now) });
    expect(first.status).toBe(200);
    now += STEP;
    for (const code of [codeAt(secret, now), codes[0]!]) {
      const again = await post("/api/auth/login/second-step", { ticket, code });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: signInMessages.ticketUsed });
    }
    // The recovery code was not spent on the refused ticket.
    const fresh = (await post("/api/auth/login", { email, password: TEST_PASSWORD })).body
      .secondStep!.ticket;
    expect(
      (await post("/api/auth/login/second-step", { ticket: fresh, code: codes[0]! })).status,
    ).toBe(200);
    now += STEP;
  });

  it("a ticket signs in once across two instances on one database", async () => {
    const { email, headers } = await person();
    const { codes } = await withApp(headers);
    const second = await createTestApp(
      { PUBLIC_ORIGIN: ORIGIN, TOKEN_SECRET: t.config.tokenSecret, ...sameDatabase(t) },
      { clock: () => now },
    );
    const { ticket } = (await post("/api/auth/login", { email, password: TEST_PASSWORD })).body
      .secondStep!;
    const answers = await Promise.all(
      [t.app, second.app].map((app, i) =>
        call<Answer>(app, {
          method: "POST",
          url: "/api/auth/login/second-step",
          payload: { ticket, code: codes[i]! },
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it("an owner's password link to an account with a passkey: the passkey is still asked", async () => {
    const owner = await person("owner");
    const { email, headers, id } = await person();
    const passkey = new SoftPasskey(id, ORIGIN);
    const options = await post<{ challengeId: string; options: Record<string, unknown> }>(
      "/api/auth/passkeys/register-options",
      { currentPassword: TEST_PASSWORD },
      headers,
    );
    expect(options.status).toBe(200);
    const added = await post<Passkey>(
      "/api/auth/passkeys",
      {
        challengeId: options.body.challengeId,
        name: "Not mine",
        response: passkey.register(options.body.options),
      },
      headers,
    );
    expect(added.status).toBe(201);

    const before = smtp.inbox.length;
    const made = await post<{ mailed: boolean }>(`/api/staff/reset-links/${id}`, {}, owner.headers);
    expect(made.body.mailed).toBe(true);
    const token = await resetLinkIn(email, before);
    const reset = await post("/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(reset.body).toEqual({
      secondStep: { ticket: expect.any(String), methods: ["passkey"] },
    });
    const ticket = reset.body.secondStep!.ticket;
    const begun = await post<{ challengeId: string; options: Record<string, unknown> }>(
      "/api/auth/passkeys/sign-in-options",
      { ticket },
    );
    const signedIn = await post("/api/auth/passkeys/sign-in", {
      challengeId: begun.body.challengeId,
      ticket,
      response: passkey.assert(begun.body.options),
    });
    expect(signedIn.status).toBe(200);
    const fresh = bearer(signedIn.body.token!);

    // The passkey added in the last hours is offered for removal after the reset.
    const recent = await call<{ since: string; passkeys: Passkey[] }>(t.app, {
      method: "GET",
      url: "/api/auth/passkeys/recent",
      headers: fresh,
    });
    expect(recent.status).toBe(200);
    expect(recent.body.passkeys.map((item) => item.name)).toEqual(["Not mine"]);
    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/auth/passkeys/${passkey.credentialId}`,
      headers: fresh,
    });
    expect(removed.status).toBe(200);
  });

  it("an account without a second step gets a token from the reset, as the spec's sign-in does", async () => {
    const { email, headers } = await person();
    const reset = await post("/api/auth/reset-password", {
      token: await mailedLink(email),
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body)).toEqual(["token"]);
    expect((await me(bearer(reset.body.token!))).body.email).toBe(email);
    expect((await me(headers)).status).toBe(401);
  });
});
