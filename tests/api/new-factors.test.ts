import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../../common/schemas/accounts.ts";
import { signInMessages, type Passkey } from "../../common/schemas/sign-in.ts";
import { useMailServer } from "../support/mail-server.ts";
import { SoftPasskey } from "../support/soft-passkey.ts";
import { call, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// Issue 46, item 3: a bearer token alone adds no way in. Adding a passkey or an authenticator
// app, or making new recovery codes, asks for the password again (or a fresh code of the
// app); each is mailed to the account's address. Signing out everywhere and signing out the
// other devices offer to remove the passkeys added in the last sessions (those a stolen
// session could have added).

const ORIGIN = "https://agency.test";
let now = (Math.floor(Date.now() / 30_000) + 0.5) * 30_000;
const STEP = 30_000;
const AGENCY = "Kola Reach Studio";

type Headers = { authorization: string };
type Options = { challengeId: string; options: Record<string, unknown>; error?: string };

describe("a new way to sign in", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({ ...smtp.env(), PUBLIC_ORIGIN: ORIGIN }), { clock: () => now });
  beforeAll(async () => {
    const { after } = await t.app.services.identity.save({
      ...(await t.app.services.identity.get()),
      name: AGENCY,
    });
    expect(after.name).toBe(AGENCY);
  });

  let ip = 0;
  const nextIp = () => `10.47.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = <T = { error?: string }>(url: string, headers: Headers, payload?: object) =>
    call<T>(t.app, {
      method: "POST",
      url: `/api${url}`,
      headers,
      remoteAddress: nextIp(),
      ...(payload ? { payload } : {}),
    });
  const get = <T>(url: string, headers: Headers) =>
    call<T>(t.app, { method: "GET", url: `/api${url}`, headers });

  async function person() {
    const email = `f-${randomBytes(4).toString("hex")}@example.com`;
    await t.app.services.admins.create(email, TEST_PASSWORD);
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    });
    const headers = { authorization: `Bearer ${login.body.token}` };
    const { id } = (await get<{ id: string }>("/auth/me", headers)).body;
    return { email, id, headers };
  }
  /** Begins and finishes adding a software passkey with `proof`. */
  async function addPasskey(who: { id: string; headers: Headers }, name: string, proof: object) {
    const passkey = new SoftPasskey(who.id, ORIGIN);
    const options = await post<Options>("/auth/passkeys/register-options", who.headers, proof);
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const added = await post<Passkey>("/auth/passkeys", who.headers, {
      challengeId: options.body.challengeId,
      name,
      response: passkey.register(options.body.options),
    });
    expect(added.status).toBe(201);
    return { passkey, added: added.body };
  }
  /** The mails to `email` from `from` on, once `count` of them have come. */
  async function mailsTo(email: string, from: number, count: number) {
    for (let total = from + 1; ; total++) {
      await smtp.received(total);
      const mine = smtp.inbox.slice(from).filter((item) => item.rcptTo.includes(email));
      if (mine.length >= count) return mine.map((item) => item.mail);
    }
  }

  it("a passkey needs the password again: none, a wrong one and a bare token are refused", async () => {
    const who = await person();
    const bare = await post("/auth/passkeys/register-options", who.headers);
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ error: signInMessages.stepUpRequired });
    const blank = await post("/auth/passkeys/register-options", who.headers, {});
    expect(blank.body).toEqual({ error: signInMessages.stepUpRequired });
    const wrong = await post("/auth/passkeys/register-options", who.headers, {
      currentPassword: "not the password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: accountMessages.wrongCurrentPassword });
    // No challenge was made for those: nothing to finish a passkey with.
    const challenges = await t.app.services.database.db
      .selectFrom("webauthn_challenges")
      .select("id")
      .where("admin_id", "=", who.id)
      .execute();
    expect(challenges).toEqual([]);

    const before = smtp.inbox.length;
    const { added } = await addPasskey(who, "Office laptop", { currentPassword: TEST_PASSWORD });
    expect(added.name).toBe("Office laptop");
    const [mail] = await mailsTo(who.email, before, 1);
    expect(mail!.subject).toBe(`${AGENCY} back office: a passkey was added`);
    expect(mail!.text).toContain(`A passkey named “Office laptop” was added to the ${AGENCY}`);
    expect(mail!.text).toContain(who.email);
    expect(mail!.text).not.toContain("Brightlane");
  });

  it("wrong passwords given again count like failed sign-ins: the address is locked", async () => {
    const who = await person();
    const address = "10.48.0.1";
    const attempt = (currentPassword: string) =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/passkeys/register-options",
        headers: who.headers,
        payload: { currentPassword },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess number ${i}`)).status).toBe(400);
    expect((await attempt(TEST_PASSWORD)).status).toBe(429);
  });

  it("an authenticator app and new recovery codes need the password (or a fresh code) again", async () => {
    const who = await person();
    expect((await post("/auth/totp/setup", who.headers)).body).toEqual({
      error: signInMessages.stepUpRequired,
    });
    expect(
      (await post("/auth/totp/setup", who.headers, { currentPassword: "nope, not it" })).body,
    ).toEqual({ error: accountMessages.wrongCurrentPassword });
    // A code is no proof while there is no app yet.
    expect((await post("/auth/totp/setup", who.headers, { code: "123456" })).body).toEqual({
      error: signInMessages.wrongCode,
    });
    const before = smtp.inbox.length;
    const setup = await post<{ secret: string }>("/auth/totp/setup", who.headers, {
      currentPassword: TEST_PASSWORD,
    });
    expect(setup.status).toBe(200);
    const code = (at: number) =>
      TOTP.generate({ secret: Secret.fromBase32(setup.body.secret), timestamp: at });
    expect((await post("/auth/totp/confirm", who.headers, { code: code(now) })).status).toBe(200);
    now += STEP;

    expect((await post("/auth/recovery-codes", who.headers, {})).body).toEqual({
      error: signInMessages.stepUpRequired,
    });
    // A fresh code of the app stands for the password; the same code again does not.
    const fresh = await post<{ recoveryCodes: string[] }>("/auth/recovery-codes", who.headers, {
      code: code(now),
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const replay = await post("/auth/recovery-codes", who.headers, { code: code(now) });
    expect(replay.body).toEqual({ error: signInMessages.wrongCode });
    now += STEP;
    // And a passkey with a fresh code.
    await addPasskey(who, "Phone", { code: code(now) });
    now += STEP;

    const mails = await mailsTo(who.email, before, 3);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${AGENCY} back office: an authenticator app was set up`,
      `${AGENCY} back office: new recovery codes were made`,
      `${AGENCY} back office: a passkey was added`,
    ]);
  });

  it("the factor mail goes to the account's address as it is now", async () => {
    const who = await person();
    const moved = `moved-${randomBytes(3).toString("hex")}@example.com`;
    // The address changes (the confirmation link, from the mail to the new address).
    const before = smtp.inbox.length;
    const asked = await post("/auth/email", who.headers, {
      email: moved,
      currentPassword: TEST_PASSWORD,
    });
    expect(asked.status).toBe(200);
    const [confirmation] = await mailsTo(moved, before, 1);
    const token = /confirm-email#token=([\w-]+)/.exec(confirmation!.text ?? "")![1]!;
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/confirm-email", payload: { token } }))
        .status,
    ).toBe(200);
    const from = smtp.inbox.length;
    await addPasskey(who, "Tablet", { currentPassword: TEST_PASSWORD });
    const [mail] = await mailsTo(moved, from, 1);
    expect(mail!.subject).toBe(`${AGENCY} back office: a passkey was added`);
    expect(mail!.text).toContain(moved);
    const toOld = smtp.inbox
      .slice(from)
      .filter((item) => item.rcptTo.includes(who.email))
      .map((item) => item.mail.subject);
    expect(toOld).not.toContain(`${AGENCY} back office: a passkey was added`);
  });

  it("signing out everywhere offers the passkeys added in the last sessions, and removes those chosen", async () => {
    const who = await person();
    const old = await addPasskey(who, "Old key", { currentPassword: TEST_PASSWORD });
    // Added before the life of any session that is still signed in.
    await t.app.services.database.db
      .updateTable("admin_passkeys")
      .set({ created_at: new Date(Date.now() - 13 * 3600_000).toISOString() })
      .where("id", "=", old.passkey.credentialId)
      .execute();
    const recent1 = await addPasskey(who, "Stranger's key", { currentPassword: TEST_PASSWORD });
    const recent2 = await addPasskey(who, "My new phone", { currentPassword: TEST_PASSWORD });

    const offer = await get<{ since: string; passkeys: Passkey[] }>(
      "/auth/passkeys/recent",
      who.headers,
    );
    expect(offer.status).toBe(200);
    expect(offer.body.passkeys.map((passkey) => passkey.name).sort()).toEqual([
      "My new phone",
      "Stranger's key",
    ]);
    const hours = (Date.now() - Date.parse(offer.body.since)) / 3600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThan(12.1);
    expect((await call(t.app, { method: "GET", url: "/api/auth/passkeys/recent" })).status).toBe(
      401,
    );

    const other = await person();
    const signedOut = await post<{ success: boolean; passkeysRemoved: number }>(
      "/auth/logout-all",
      who.headers,
      { removePasskeys: [recent1.passkey.credentialId, other.id] },
    );
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ success: true, passkeysRemoved: 1 });
    expect((await get("/auth/me", who.headers)).status).toBe(401);

    const left = await t.app.services.database.db
      .selectFrom("admin_passkeys")
      .select("name")
      .where("admin_id", "=", who.id)
      .orderBy("name")
      .execute();
    expect(left.map((row) => row.name)).toEqual(["My new phone", "Old key"]);
    const log = await t.app.services.database.db
      .selectFrom("audit_log")
      .select(["action", "summary"])
      .where("entity_id", "=", who.id)
      .where("action", "in", ["passkey-remove", "logout-all"])
      .orderBy("at")
      .execute();
    expect(log.map((row) => row.action)).toEqual(["passkey-remove", "logout-all"]);
    expect(JSON.parse(log[0]!.summary).before).toMatchObject({ name: "Stranger's key" });
    // The removed passkey signs nobody in.
    const begun = await call<Options>(t.app, {
      method: "POST",
      url: "/api/auth/passkeys/sign-in-options",
      payload: {},
    });
    const refused = await call(t.app, {
      method: "POST",
      url: "/api/auth/passkeys/sign-in",
      payload: {
        challengeId: begun.body.challengeId,
        response: recent1.passkey.assert(begun.body.options),
      },
    });
    expect(refused.status).toBe(401);
    expect(recent2.added.name).toBe("My new phone");
  });

  it("signing out the other devices removes the chosen passkeys too; without a choice, none", async () => {
    const who = await person();
    const key = await addPasskey(who, "Unknown key", { currentPassword: TEST_PASSWORD });
    const plain = await post<{ ended: number }>("/auth/sessions/end-others", who.headers);
    expect(plain.body).toEqual({ ended: 0 });
    const chosen = await post<{ ended: number; passkeysRemoved: number }>(
      "/auth/sessions/end-others",
      who.headers,
      { removePasskeys: [key.passkey.credentialId] },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ ended: 0, passkeysRemoved: 1 });
    expect(
      (await get<{ passkeys: Passkey[] }>("/auth/passkeys", who.headers)).body.passkeys,
    ).toEqual([]);
    const bad = await post("/auth/sessions/end-others", who.headers, { removePasskeys: ["../x"] });
    expect(bad.status).toBe(400);
  });
});
