import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "../../common/schemas/sign-in.ts";
import { buildApp } from "../../server/app.ts";
import { createSessionStore } from "../../server/modules/staff/sessions.ts";
import { startMailServer } from "../support/mail-server.ts";
import { call, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// Sessions and devices of the staff (issue 34): every sign-in is a session on My account's
// Devices list; ending one makes its token answer 401 at once, on any instance; a sign-in
// from a new device mails the person.

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15";

let smtp: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  smtp = await startMailServer();
});
afterAll(() => smtp.close());
const t = useTestApp(() => ({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  MAIL_FROM: "website@agency.test",
  PUBLIC_ORIGIN: "https://agency.test",
}));

let people = 0;
/** A fresh owner account (each test its own, so their sessions do not mix). */
async function person(): Promise<string> {
  const email = `device${++people}-${Date.now().toString(36)}@example.com`;
  await t.app.services.admins.create(email, TEST_PASSWORD);
  return email;
}

/** Signs in from a browser and address; answers the bearer header. */
async function signIn(
  email: string,
  userAgent = CHROME_ANDROID,
  ip = "102.89.34.7",
  password = TEST_PASSWORD,
) {
  const { status, body } = await call<{ token: string }>(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    headers: { "user-agent": userAgent },
    remoteAddress: ip,
  });
  expect(status).toBe(200);
  return { authorization: `Bearer ${body.token}` };
}

const me = (headers: { authorization: string }) =>
  call(t.app, { method: "GET", url: "/api/auth/me", headers });
const list = async (headers: { authorization: string }) => {
  const answer = await call<{ sessions: StaffSession[] }>(t.app, {
    method: "GET",
    url: "/api/auth/sessions",
    headers,
  });
  expect(answer.status).toBe(200);
  return answer.body.sessions;
};
const currentId = async (headers: { authorization: string }) =>
  (await list(headers)).find((session) => session.current)!.id;

describe("the Devices list", () => {
  it("lists every session of mine with browser, system and network; this one marked", async () => {
    const email = await person();
    const phone = await signIn(email, CHROME_ANDROID, "102.89.34.7");
    const laptop = await signIn(email, FIREFOX_WINDOWS, "2c0f:2a80:10:5::1");
    // Someone else's session is not on my list.
    await signIn(await person(), SAFARI_MAC, "41.58.1.2");

    const sessions = await list(laptop);
    expect(sessions).toHaveLength(2);
    expect(
      sessions.map(({ browser, os, network, method, current }) => ({
        browser,
        os,
        network,
        method,
        current,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          browser: "Chrome 131",
          os: "Android 14",
          network: "102.89.34.0/24",
          method: "password",
          current: false,
        },
        {
          browser: "Firefox 133",
          os: "Windows 10",
          network: "2c0f:2a80:10::/48",
          method: "password",
          current: true,
        },
      ]),
    );
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(session.lastSeenAt >= session.createdAt).toBe(true);
    }
    // Last seen first.
    const seen = sessions.map((s) => s.lastSeenAt);
    expect(seen).toEqual([...seen].sort().reverse());
    expect((await list(phone)).find((s) => s.current)!.browser).toBe("Chrome 131");

    const stranger = await call(t.app, { method: "GET", url: "/api/auth/sessions" });
    expect(stranger.status).toBe(401);
  });

  it("ends one session: its token answers 401 at once, the others go on", async () => {
    const email = await person();
    const phone = await signIn(email, CHROME_ANDROID);
    const laptop = await signIn(email, FIREFOX_WINDOWS);
    const phoneId = await currentId(phone);

    const ended = await call(t.app, {
      method: "DELETE",
      url: `/api/auth/sessions/${phoneId}`,
      headers: laptop,
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ success: true });
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect((await list(laptop)).map((s) => s.id)).not.toContain(phoneId);

    // Twice, or an id that is no session: 404 with the same sentence.
    for (const id of [phoneId, "no-such-session"]) {
      const again = await call(t.app, {
        method: "DELETE",
        url: `/api/auth/sessions/${id}`,
        headers: laptop,
      });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: "No such session of your account." });
    }

    const log = await call<{ entries: { action: string; entityId: string }[] }>(t.app, {
      method: "GET",
      url: `/api/audit?type=session&actor=${encodeURIComponent(email)}`,
      headers: laptop,
    });
    expect(log.status).toBe(200);
    expect(log.body.entries).toContainEqual(
      expect.objectContaining({ action: "session-end", entityId: phoneId }),
    );
  });

  it("answers 404 for another admin's session, which goes on", async () => {
    const mine = await signIn(await person());
    const theirs = await signIn(await person(), SAFARI_MAC);
    const theirId = await currentId(theirs);
    const answer = await call(t.app, {
      method: "DELETE",
      url: `/api/auth/sessions/${theirId}`,
      headers: mine,
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: "No such session of your account." });
    expect((await me(theirs)).status).toBe(200);
  });

  it("signs out all other devices, keeping this one", async () => {
    const email = await person();
    const others = [await signIn(email, CHROME_ANDROID), await signIn(email, SAFARI_MAC)];
    const here = await signIn(email, FIREFOX_WINDOWS);
    const answer = await call(t.app, {
      method: "POST",
      url: "/api/auth/sessions/end-others",
      headers: here,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ended: 2 });
    for (const other of others) expect((await me(other)).status).toBe(401);
    expect((await me(here)).status).toBe(200);
    expect((await list(here)).map((s) => s.current)).toEqual([true]);
  });

  it("signs out here: this token answers 401, the other device stays signed in", async () => {
    const email = await person();
    const other = await signIn(email, SAFARI_MAC);
    const here = await signIn(email);
    const logout = await call(t.app, { method: "POST", url: "/api/auth/logout", headers: here });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
    expect((await me(here)).status).toBe(401);
    expect(await list(other)).toHaveLength(1);
  });

  it("a password change ends the other sessions and leaves only the new one listed", async () => {
    const email = await person();
    const other = await signIn(email, SAFARI_MAC);
    const here = await signIn(email);
    const changed = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/password",
      headers: here,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "a brand new long passphrase" },
    });
    expect(changed.status).toBe(200);
    const fresh = { authorization: `Bearer ${changed.body.token}` };
    expect((await me(other)).status).toBe(401);
    expect((await me(here)).status).toBe(401);
    const sessions = await list(fresh);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, method: "link" });
  });

  it("removing an admin removes their sessions and known devices", async () => {
    const owner = await signIn(await person());
    const email = await person();
    const theirs = await signIn(email, SAFARI_MAC);
    const { db } = t.app.services.database;
    const row = await db
      .selectFrom("admins")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/staff/${row.id}`,
      headers: owner,
    });
    expect(removed.status).toBe(200);
    expect((await me(theirs)).status).toBe(401);
    const left = await db
      .selectFrom("admin_sessions")
      .select("id")
      .where("admin_id", "=", row.id)
      .execute();
    expect(left).toEqual([]);
    const devices = await db
      .selectFrom("admin_known_devices")
      .select("device_key")
      .where("admin_id", "=", row.id)
      .execute();
    expect(devices).toEqual([]);
  });

  it("a token that names no session (or a forged one) answers 401", async () => {
    const email = await person();
    await signIn(email);
    const { db } = t.app.services.database;
    const admin = await db
      .selectFrom("admins")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const withoutSid = await t.app.services.tokens.sign({
      adminId: admin.id,
      email,
      sessionVersion: admin.session_version,
    });
    expect((await me({ authorization: `Bearer ${withoutSid}` })).status).toBe(401);
    const unknownSid = await t.app.services.tokens.sign({
      adminId: admin.id,
      email,
      sessionVersion: admin.session_version,
      sessionId: "not-a-session",
    });
    expect((await me({ authorization: `Bearer ${unknownSid}` })).status).toBe(401);
  });
});

describe("the new-device mail", () => {
  it("mails nobody on the first sign-in or the same device, once for another browser", async () => {
    const email = await person();
    const mailsTo = () => smtp.inbox.filter((m) => m.rcptTo.includes(email));

    await signIn(email, CHROME_ANDROID, "102.89.34.7");
    // The same browser and system on the same /24, a later version: the same device.
    await signIn(email, CHROME_ANDROID.replace("Chrome/131", "Chrome/132"), "102.89.34.99");
    await signIn(email, FIREFOX_WINDOWS, "102.89.34.7");
    // Every mail the sign-ins started has arrived (or failed): a stray one would be here.
    await t.app.services.notifier.sent();
    expect(mailsTo()).toHaveLength(1);
    const { mail } = mailsTo()[0]!;
    expect(mail.subject).toMatch(/^New sign-in to your .+ account$/);
    expect(mail.text).toContain("Browser: Firefox 133");
    expect(mail.text).toContain("System: Windows 10");
    expect(mail.text).toContain("Network: 102.89.34.0/24");
    expect(mail.text).toMatch(/Time: \w{3} \d+, \d{4}, \d+:\d{2}\s[AP]M \(/);
    expect(mail.text).toContain(
      "If this was not you: end that session on My account (https://agency.test/admin/account) and change your password.",
    );
    expect(mail.text).not.toContain(TEST_PASSWORD);

    // The same new device again: no second mail; another network: one more.
    await signIn(email, FIREFOX_WINDOWS, "102.89.34.8");
    await signIn(email, FIREFOX_WINDOWS, "197.210.5.5");
    await t.app.services.notifier.sent();
    expect(mailsTo()).toHaveLength(2);
    expect(mailsTo()[1]!.mail.text).toContain("Network: 197.210.5.0/24");
  });
});

describe("two instances on one database", () => {
  it("a session ended on one instance answers 401 on the other at its next request", async () => {
    const second = await buildApp(t.config, { web: false, logger: false });
    try {
      await second.ready();
      const email = await person();
      const here = await signIn(email);
      // The other browser signs in through the second instance.
      const login = await call<{ token: string }>(second, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: TEST_PASSWORD },
        headers: { "user-agent": SAFARI_MAC },
        remoteAddress: "41.58.1.2",
      });
      const there = { authorization: `Bearer ${login.body.token}` };
      const meThere = () => call(second, { method: "GET", url: "/api/auth/me", headers: there });
      expect((await meThere()).status).toBe(200);
      expect(await list(here)).toHaveLength(2);

      const thereId = (await list(here)).find((s) => !s.current)!.id;
      const ended = await call(t.app, {
        method: "DELETE",
        url: `/api/auth/sessions/${thereId}`,
        headers: here,
      });
      expect(ended.status).toBe(200);
      expect((await meThere()).status).toBe(401);
      // And the other way round: signing out here through the second instance.
      const out = await call(second, { method: "POST", url: "/api/auth/logout", headers: here });
      expect(out.status).toBe(200);
      expect((await me(here)).status).toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe("a session over time", () => {
  it("notes last seen at most once a minute, and ends with its token's lifetime", async () => {
    const { db } = t.app.services.database;
    let now = Date.parse("2031-05-01T09:00:00.000Z");
    const store = createSessionStore({
      db,
      tokens: t.app.services.tokens,
      notifier: { newSignIn: async () => {} },
      tokenTtlSeconds: 3600,
      clock: () => now,
    });
    const email = await person();
    const admin = await db
      .selectFrom("admins")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const token = await store.start(admin, { ip: "10.1.2.3", userAgent: "" }, "password");
    const claims = (await t.app.services.tokens.verify(token))!;
    const lastSeen = async () => (await store.list(admin.id, claims.sessionId))[0]?.lastSeenAt;

    expect(await store.list(admin.id, claims.sessionId)).toEqual([
      expect.objectContaining({ browser: "", os: "", network: "10.1.2.0/24", current: true }),
    ]);
    now += 30_000;
    expect(await store.isLive(claims)).toBe(true);
    expect(await lastSeen()).toBe("2031-05-01T09:00:00.000Z");
    now += 31_000;
    expect(await store.isLive(claims)).toBe(true);
    expect(await lastSeen()).toBe("2031-05-01T09:01:01.000Z");
    now = Date.parse("2031-05-01T10:00:00.000Z");
    expect(await store.isLive(claims)).toBe(false);
    expect(await lastSeen()).toBeUndefined();
  });
});
