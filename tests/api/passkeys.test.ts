import { randomBytes } from "node:crypto";
import { SoftPasskey } from "../support/soft-passkey.ts";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditLogEntry } from "../../common/schemas/audit.ts";
import { passkeyMessages, signInMessages, type Passkey } from "../../common/schemas/sign-in.ts";
import { call, createTestApp, sameDatabase, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// Passkeys (issue 34) through the API, with a small software authenticator (ES256, "none"
// attestation, CBOR by hand): adding one, signing in with it alone or as the second step,
// its counter, and the one use of a ceremony's challenge, also across two instances.

const ORIGIN = "https://agency.example";
type Headers = { authorization: string };
type Options = { challengeId: string; options: Record<string, unknown> };

/** A software passkey of this file's site. */
const softPasskey = (userHandle: string, origin = ORIGIN) => new SoftPasskey(userHandle, origin);

describe("passkeys", () => {
  const t = useTestApp({ PUBLIC_ORIGIN: ORIGIN });
  let owner: Headers;
  let ownerId: string;
  let editor: Headers;
  let editorId: string;

  const idOf = async (headers: Headers) =>
    (await call<{ id: string }>(t.app, { method: "GET", url: "/api/auth/me", headers })).body.id;

  beforeAll(async () => {
    owner = await t.adminHeaders();
    ownerId = await idOf(owner);
    const email = `editor-${randomBytes(3).toString("hex")}@example.com`;
    await t.app.services.admins.create(email, TEST_PASSWORD, "editor");
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: TEST_PASSWORD },
    });
    editor = { authorization: `Bearer ${login.body.token}` };
    editorId = await idOf(editor);
  });

  const registerOptions = (headers: Headers, proof: object = { currentPassword: TEST_PASSWORD }) =>
    call<Options & { error?: string }>(t.app, {
      method: "POST",
      url: "/api/auth/passkeys/register-options",
      headers,
      payload: proof,
    });
  const add = (headers: Headers, payload: object) =>
    call<Passkey & { error?: string }>(t.app, {
      method: "POST",
      url: "/api/auth/passkeys",
      headers,
      payload,
    });
  const list = async (headers: Headers) =>
    (
      await call<{ passkeys: Passkey[] }>(t.app, {
        method: "GET",
        url: "/api/auth/passkeys",
        headers,
      })
    ).body.passkeys;
  const signInOptions = (payload: object = {}, app = t.app) =>
    call<Options & { error?: string }>(app, {
      method: "POST",
      url: "/api/auth/passkeys/sign-in-options",
      payload,
    });
  const signIn = (payload: object, app = t.app) =>
    call<{ token?: string; error?: string }>(app, {
      method: "POST",
      url: "/api/auth/passkeys/sign-in",
      payload,
    });

  /** Adds a new software passkey named `name` to the account of `headers`. */
  async function addPasskey(headers: Headers, adminId: string, name: string) {
    const passkey = softPasskey(adminId);
    const { body } = await registerOptions(headers);
    const added = await add(headers, {
      challengeId: body.challengeId,
      name,
      response: passkey.register(body.options),
    });
    expect(added.status).toBe(201);
    return passkey;
  }

  it("answers register options for the origin's host, stores the challenge, for editors too", async () => {
    for (const [headers, adminId] of [
      [owner, ownerId],
      [editor, editorId],
    ] as const) {
      const { status, body } = await registerOptions(headers);
      expect(status).toBe(200);
      const options = body.options as {
        rp: { id: string; name: string };
        challenge: string;
        authenticatorSelection: { residentKey: string; userVerification: string };
        user: { name: string };
      };
      expect(options.rp).toEqual({ id: "agency.example", name: expect.any(String) });
      expect(options.rp.name.length).toBeGreaterThan(0);
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: "required",
        userVerification: "preferred",
      });
      const stored = await t.app.services.database.db
        .selectFrom("webauthn_challenges")
        .selectAll()
        .where("id", "=", body.challengeId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        purpose: "register",
        admin_id: adminId,
        challenge: options.challenge,
      });
      const minutes = (Date.parse(stored.expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(4.9);
      expect(minutes).toBeLessThanOrEqual(5);
    }
  });

  it("adds a passkey (logged by name), lists it, and excludes it from the next options; a challenge works once", async () => {
    const passkey = softPasskey(ownerId);
    const { body: options } = await registerOptions(owner);
    const response = passkey.register(options.options);
    const added = await add(owner, {
      challengeId: options.challengeId,
      name: "  Office laptop ",
      response,
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: passkey.credentialId,
      name: "Office laptop",
      createdAt: expect.any(String),
      lastUsedAt: null,
      backedUp: true,
    });
    expect(await list(owner)).toEqual([added.body]);
    expect(await list(editor)).toEqual([]);

    // The same answer again: its challenge is used.
    const again = await add(owner, { challengeId: options.challengeId, name: "Again", response });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(signInMessages.passkeyFailed);

    const next = (await registerOptions(owner)).body.options as {
      excludeCredentials: { id: string }[];
    };
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([passkey.credentialId]);

    const log = await call<{ entries: AuditLogEntry[] }>(t.app, {
      method: "GET",
      url: "/api/audit?type=admin&limit=200",
      headers: owner,
    });
    const entry = log.body.entries.find((e) => e.action === "passkey-add");
    expect(entry).toMatchObject({ entityId: ownerId, after: { name: "Office laptop" } });
    expect(JSON.stringify(entry)).not.toContain(passkey.credentialId);
  });

  it("refuses a bogus or foreign registration with 400, never 500", async () => {
    const bodies = [
      (challengeId: string) => ({ challengeId, name: "X", response: {} }),
      (challengeId: string) => ({ challengeId, name: "X", response: { id: 5, response: "no" } }),
      (challengeId: string, options: Record<string, unknown>) => ({
        challengeId,
        name: "X",
        response: softPasskey(ownerId, "https://evil.example").register(options),
      }),
      (_: string, options: Record<string, unknown>) => ({
        challengeId: "no-such-challenge",
        name: "X",
        response: softPasskey(ownerId).register(options),
      }),
      (challengeId: string, options: Record<string, unknown>) => ({
        challengeId,
        name: " ",
        response: softPasskey(ownerId).register(options),
      }),
    ];
    for (const body of bodies) {
      const { body: options } = await registerOptions(owner);
      const answer = await add(owner, body(options.challengeId, options.options));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBeTypeOf("string");
    }
    // Another admin's challenge is not mine to finish.
    const { body: theirs } = await registerOptions(editor);
    const stolen = await add(owner, {
      challengeId: theirs.challengeId,
      name: "X",
      response: softPasskey(ownerId).register(theirs.options),
    });
    expect(stolen.status).toBe(400);
  });

  it("signs in with a passkey alone: no e-mail, user verified, counter kept, challenge used once", async () => {
    const passkey = await addPasskey(editor, editorId, "Phone");
    const { status, body: options } = await signInOptions();
    expect(status).toBe(200);
    expect(options.options).toMatchObject({
      rpId: "agency.example",
      userVerification: "required",
      allowCredentials: [],
    });
    const response = passkey.assert(options.options);
    const answer = await signIn({ challengeId: options.challengeId, response });
    expect(answer.status).toBe(200);
    const me = await call<{ id: string; role: string }>(t.app, {
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${answer.body.token}` },
    });
    expect(me.body).toMatchObject({ id: editorId, role: "editor" });
    const row = await t.app.services.database.db
      .selectFrom("admin_passkeys")
      .selectAll()
      .where("id", "=", passkey.credentialId)
      .executeTakeFirstOrThrow();
    expect(row.counter).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    expect((await list(editor))[0]!.lastUsedAt).toBe(row.last_used_at);

    // The same answer again: the challenge is gone.
    const replay = await signIn({ challengeId: options.challengeId, response });
    expect(replay).toMatchObject({ status: 401, body: { error: signInMessages.passkeyFailed } });

    // A counter that does not grow (a cloned key) is refused.
    const fresh = (await signInOptions()).body;
    const cloned = passkey.assert(fresh.options, { step: 0 });
    expect((await signIn({ challengeId: fresh.challengeId, response: cloned })).status).toBe(401);

    // Without user verification, a passkey alone is not enough.
    const other = (await signInOptions()).body;
    const unverified = passkey.assert(other.options, { verified: false });
    expect(await signIn({ challengeId: other.challengeId, response: unverified })).toMatchObject({
      status: 401,
      body: { error: signInMessages.passkeyFailed },
    });
  });

  it("answers 401 unknownPasskey for a passkey the site does not know, 401 for bogus answers", async () => {
    const stranger = softPasskey("someone");
    const { body } = await signInOptions();
    const unknown = await signIn({
      challengeId: body.challengeId,
      response: stranger.assert(body.options),
    });
    expect(unknown).toMatchObject({ status: 401, body: { error: signInMessages.unknownPasskey } });

    for (const response of [{}, { id: "../x" }, { id: "AAAA", response: {} }]) {
      const fresh = (await signInOptions()).body;
      const answer = await signIn({ challengeId: fresh.challengeId, response });
      expect([400, 401]).toContain(answer.status);
      expect(answer.body.error).toBeTypeOf("string");
    }
    for (const payload of [{}, { challengeId: "", response: {} }, { challengeId: "x" }]) {
      expect((await signIn(payload)).status).toBe(400);
    }
    expect((await signInOptions({ ticket: 5 })).status).toBe(400);
  });

  it("is the second step after a password with a ticket: only that account's passkeys, once", async () => {
    const ownerPasskey = await addPasskey(owner, ownerId, "Second");
    const editorPasskey = softPasskey(editorId);
    const { email } = (
      await call<{ email: string }>(t.app, { method: "GET", url: "/api/auth/me", headers: owner })
    ).body;
    /** A right password: the account has a passkey now, so a ticket, not a token. */
    const ticketOf = async () => {
      const login = await call<{
        token?: string;
        secondStep?: { ticket: string; methods: string[] };
      }>(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: TEST_PASSWORD },
      });
      expect(login.body.token).toBeUndefined();
      expect(login.body.secondStep!.methods).toContain("passkey");
      return login.body.secondStep!.ticket;
    };
    const bad = await signInOptions({ ticket: "bad-ticket" });
    expect(bad).toMatchObject({ status: 400, body: { error: signInMessages.ticketExpired } });

    const ticket = await ticketOf();
    const { body } = await signInOptions({ ticket });
    const allowed = (body.options.allowCredentials as { id: string }[]).map((c) => c.id);
    expect(allowed).toContain(ownerPasskey.credentialId);
    expect(allowed).toHaveLength((await list(owner)).length);
    expect(body.options.userVerification).toBe("preferred");

    // Without the ticket, the ticket's challenge is not taken.
    const noTicket = await signIn({
      challengeId: body.challengeId,
      response: ownerPasskey.assert(body.options),
    });
    expect(noTicket.status).toBe(401);

    // Another account's passkey is no second step of this one (the ticket stays good).
    const foreign = (await signInOptions({ ticket })).body;
    const refused = await signIn({
      challengeId: foreign.challengeId,
      ticket,
      response: editorPasskey.assert(foreign.options),
    });
    expect(refused.status).toBe(401);

    const next = (await signInOptions({ ticket })).body;
    const answer = await signIn({
      challengeId: next.challengeId,
      ticket,
      response: ownerPasskey.assert(next.options, { verified: false }),
    });
    expect(answer.status).toBe(200);
    const me = await call<{ id: string }>(t.app, {
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${answer.body.token}` },
    });
    expect(me.body.id).toBe(ownerId);

    // The ticket has signed in once: neither the options nor a second sign-in take it again.
    expect(await signInOptions({ ticket })).toMatchObject({
      status: 400,
      body: { error: signInMessages.ticketUsed },
    });
    const again = await signIn({
      challengeId: next.challengeId,
      ticket,
      response: ownerPasskey.assert(next.options),
    });
    expect(again).toMatchObject({ status: 400, body: { error: signInMessages.ticketUsed } });
    const forged = await signIn({
      challengeId: foreign.challengeId,
      ticket: `${ticket.slice(0, -4)}AAAA`,
      response: ownerPasskey.assert(foreign.options),
    });
    expect(forged).toMatchObject({ status: 400, body: { error: signInMessages.ticketExpired } });
  });

  it("renames and removes only my own passkeys: another's or an unknown id is 404", async () => {
    const passkey = await addPasskey(editor, editorId, "Tablet");
    const url = `/api/auth/passkeys/${passkey.credentialId}`;
    for (const method of ["PATCH", "DELETE"] as const) {
      for (const target of [url, "/api/auth/passkeys/bm8tc3VjaC1rZXk"]) {
        const answer = await call<{ error: string }>(t.app, {
          method,
          url: target,
          headers: owner,
          ...(method === "PATCH" ? { payload: { name: "Mine now" } } : {}),
        });
        expect(answer).toMatchObject({
          status: 404,
          body: { error: passkeyMessages.passkeyNotFound },
        });
      }
      const badId = await call(t.app, {
        method,
        url: "/api/auth/passkeys/not%20base64!",
        headers: editor,
        ...(method === "PATCH" ? { payload: { name: "X" } } : {}),
      });
      expect(badId.status).toBe(400);
    }
    const renamed = await call<Passkey>(t.app, {
      method: "PATCH",
      url,
      headers: editor,
      payload: { name: "Kitchen tablet" },
    });
    expect(renamed).toMatchObject({ status: 200, body: { name: "Kitchen tablet" } });
    const blank = await call(t.app, {
      method: "PATCH",
      url,
      headers: editor,
      payload: { name: "" },
    });
    expect(blank.status).toBe(400);

    const removed = await call(t.app, { method: "DELETE", url, headers: editor });
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    expect((await list(editor)).map((p) => p.id)).not.toContain(passkey.credentialId);
    const { body } = await signInOptions();
    const after = await signIn({
      challengeId: body.challengeId,
      response: passkey.assert(body.options),
    });
    expect(after).toMatchObject({ status: 401, body: { error: signInMessages.unknownPasskey } });

    const log = await call<{ entries: AuditLogEntry[] }>(t.app, {
      method: "GET",
      url: "/api/audit?type=admin&limit=200",
      headers: owner,
    });
    const mine = log.body.entries.filter((e) => e.entityId === editorId);
    expect(mine.find((e) => e.action === "passkey-rename")).toMatchObject({
      before: { name: "Tablet" },
      after: { name: "Kitchen tablet" },
    });
    expect(mine.find((e) => e.action === "passkey-remove")).toMatchObject({
      before: { name: "Kitchen tablet" },
    });
  });

  it("needs a signed-in admin to list, add, rename or remove", async () => {
    for (const [method, url] of [
      ["GET", "/api/auth/passkeys"],
      ["POST", "/api/auth/passkeys/register-options"],
      ["POST", "/api/auth/passkeys"],
      ["PATCH", "/api/auth/passkeys/abc"],
      ["DELETE", "/api/auth/passkeys/abc"],
    ] as const) {
      expect((await call(t.app, { method, url, payload: {} })).status).toBe(401);
    }
  });

  it("takes a challenge once across two instances on one database", async () => {
    const passkey = await addPasskey(owner, ownerId, "Shared");
    const second = await createTestApp({ PUBLIC_ORIGIN: ORIGIN, ...sameDatabase(t) });
    const { body } = await signInOptions({}, second.app);
    const response = passkey.assert(body.options);
    const answers = await Promise.all([
      signIn({ challengeId: body.challengeId, response }, t.app),
      signIn({ challengeId: body.challengeId, response }, second.app),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });
});

describe("passkeys on a site reached by an IP address", () => {
  const t = useTestApp({ PUBLIC_ORIGIN: "http://192.0.2.10:3000" });

  it("answers 409 from the options routes, saying why", async () => {
    const headers = await t.adminHeaders();
    const register = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/auth/passkeys/register-options",
      headers,
    });
    expect(register).toMatchObject({
      status: 409,
      body: { error: passkeyMessages.passkeysUnavailable },
    });
    const signIn = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/auth/passkeys/sign-in-options",
      payload: {},
    });
    expect(signIn).toMatchObject({
      status: 409,
      body: { error: passkeyMessages.passkeysUnavailable },
    });
    const list = await call(t.app, { method: "GET", url: "/api/auth/passkeys", headers });
    expect(list).toMatchObject({ status: 200, body: { passkeys: [], available: false } });
  });
});
