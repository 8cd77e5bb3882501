import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../../common/schemas/accounts.ts";
import { startMailServer } from "../support/mail-server.ts";
import { call, useTestApp, expectAdminOnly, multipart, TEST_PASSWORD } from "./helpers.ts";

// Staff accounts in the browser (issue 13): my password, the forgotten-password link read
// from a real SMTP server, invitations, roles, and the activity log of each write.

const NEW_PASSWORD = "a brand new password 42";

describe("staff accounts", () => {
  let smtp: Awaited<ReturnType<typeof startMailServer>>;
  const owner = "owner@example.com";
  beforeAll(async () => {
    smtp = await startMailServer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: "website@agency.test",
    PUBLIC_ORIGIN: "https://agency.test",
  }));

  beforeAll(async () => {
    await t.app.services.admins.create(owner, TEST_PASSWORD);
  });

  const post = <T = { token?: string; error?: string; message?: string }>(
    url: string,
    payload: object,
    headers: Record<string, string> = {},
  ) => call<T>(t.app, { method: "POST", url, payload, headers });
  const login = async (email: string, password: string) => {
    const answer = await post("/api/auth/login", { email, password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { authorization: `Bearer ${answer.body.token}` };
  };
  const me = (headers: Record<string, string>) =>
    call<{ email: string; name: string; role: string }>(t.app, {
      method: "GET",
      url: "/api/auth/me",
      headers,
    });
  /** The next mail to `email`, after `count` mails in total; its link's token. */
  const linkIn = async (count: number, email: string, path: string) => {
    await smtp.received(count);
    const { mail, rcptTo } = smtp.inbox[count - 1]!;
    expect(rcptTo).toEqual([email]);
    const match = new RegExp(`https://agency\\.test${path}#token=([\\w-]+)`).exec(mail.text ?? "");
    expect(match, mail.text).not.toBeNull();
    return { token: match![1]!, mail };
  };
  const auditOf = async (action: string) =>
    t.app.services.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", action)
      .execute();

  it("/api/auth/me answers the name and the role too", async () => {
    const { body } = await me(await login(owner, TEST_PASSWORD));
    expect(body).toMatchObject({ email: owner, name: "", role: "owner" });
  });

  it("changes my password: the current one is needed, every old session ends, the new token works", async () => {
    const email = "changer@example.com";
    await t.app.services.admins.create(email, TEST_PASSWORD);
    const here = await login(email, TEST_PASSWORD);
    const elsewhere = await login(email, TEST_PASSWORD);

    const wrong = await post(
      "/api/auth/password",
      { currentPassword: "not it at all", newPassword: NEW_PASSWORD },
      here,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(accountMessages.wrongCurrentPassword);
    expect((await me(here)).status).toBe(200);

    const short = await post(
      "/api/auth/password",
      { currentPassword: TEST_PASSWORD, newPassword: "short" },
      here,
    );
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("The password must be at least 12 characters.");

    await expectAdminOnly(t, {
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });

    const changed = await post(
      "/api/auth/password",
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      here,
    );
    expect(changed.status).toBe(200);
    expect((await me(here)).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await me({ authorization: `Bearer ${changed.body.token}` })).status).toBe(200);
    expect((await post("/api/auth/login", { email, password: TEST_PASSWORD })).status).toBe(401);
    await login(email, NEW_PASSWORD);

    const [entry] = (await auditOf("password-change")).filter((row) => row.actor_email === email);
    expect(entry).toMatchObject({ entity_type: "admin" });
    expect(entry!.summary).not.toContain(NEW_PASSWORD);
    expect(entry!.summary).not.toContain(TEST_PASSWORD);
  });

  it("answers a forgotten password the same for a known and an unknown address; the link works once", async () => {
    const email = "forgetful@example.com";
    await t.app.services.admins.create(email, TEST_PASSWORD);
    const session = await login(email, TEST_PASSWORD);
    const before = smtp.inbox.length;

    const known = await post("/api/auth/forgot-password", { email });
    const unknown = await post("/api/auth/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ message: accountMessages.resetRequested });
    const bad = await post("/api/auth/forgot-password", { email: "not an address" });
    expect(bad.status).toBe(400);

    const { token, mail } = await linkIn(before + 1, email, "/admin/reset-password");
    expect(mail.subject).toMatch(/choose a new password$/);
    // Only the known address got a mail (checked again below, once a later request's mail
    // is in), and only the SHA-256 of the token is stored.
    expect(smtp.inbox.length).toBe(before + 1);
    const stored = await t.app.services.database.db
      .selectFrom("admin_tokens")
      .selectAll()
      .where("email", "=", email)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    const hours = (Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at)) / 36e5;
    expect(hours).toBe(1);

    // Asked twice: the older link stops working once the newer one is used.
    await post("/api/auth/forgot-password", { email });
    const second = await linkIn(before + 2, email, "/admin/reset-password");
    // Asked for after the unknown address, its mail came: none went to the unknown one.
    expect(smtp.inbox.slice(before).flatMap((entry) => entry.rcptTo)).toEqual([email, email]);

    const short = await post("/api/auth/reset-password", { token: second.token, password: "x" });
    expect(short.status).toBe(400);

    const reset = await post("/api/auth/reset-password", {
      token: second.token,
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect((await me({ authorization: `Bearer ${reset.body.token}` })).status).toBe(200);
    expect((await me(session)).status).toBe(401);
    await login(email, NEW_PASSWORD);

    for (const used of [second.token, token, "A".repeat(43)]) {
      const again = await post("/api/auth/reset-password", {
        token: used,
        password: "another good password",
      });
      expect(again.status).toBe(400);
      expect(again.body.error).toBe(accountMessages.linkUsedOrExpired);
    }
    await login(email, NEW_PASSWORD);

    const entries = (await auditOf("password-reset")).filter((row) => row.actor_email === email);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).not.toContain(second.token);
  });

  it("refuses an expired reset link", async () => {
    const email = "late@example.com";
    await t.app.services.admins.create(email, TEST_PASSWORD);
    const before = smtp.inbox.length;
    await post("/api/auth/forgot-password", { email });
    const { token } = await linkIn(before + 1, email, "/admin/reset-password");
    await t.app.services.database.db
      .updateTable("admin_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", email)
      .execute();
    const late = await post("/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(accountMessages.linkUsedOrExpired);
    await login(email, TEST_PASSWORD);
  });

  it("invites an editor who accepts, signs in, and is refused the staff calls", async () => {
    const ownerHeaders = await login(owner, TEST_PASSWORD);
    const email = "new.editor@example.com";
    const before = smtp.inbox.length;

    for (const payload of [{ email, role: "admin" }, { email: "nope", role: "editor" }, {}]) {
      expect((await post("/api/staff/invitations", payload, ownerHeaders)).status).toBe(400);
    }
    const invited = await post<{ id: string; email: string; role: string; expiresAt: string }>(
      "/api/staff/invitations",
      { email: "New.Editor@Example.com", role: "editor" },
      ownerHeaders,
    );
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: "editor" });
    const days = (Date.parse(invited.body.expiresAt) - Date.now()) / 864e5;
    expect(days).toBeGreaterThan(6.99);

    const { token, mail } = await linkIn(before + 1, email, "/admin/accept-invite");
    expect(mail.text).toContain("as an editor");

    const list = await call<{ members: { email: string }[]; invitations: { email: string }[] }>(
      t.app,
      { method: "GET", url: "/api/staff", headers: ownerHeaders },
    );
    expect(list.status).toBe(200);
    expect(list.body.invitations.map((i) => i.email)).toEqual([email]);

    const noName = await post("/api/auth/accept-invite", {
      token,
      name: " ",
      password: NEW_PASSWORD,
    });
    expect(noName.status).toBe(400);
    const accepted = await post("/api/auth/accept-invite", {
      token,
      name: "Ngozi Editor",
      password: NEW_PASSWORD,
    });
    expect(accepted.status).toBe(200);
    const editorHeaders = { authorization: `Bearer ${accepted.body.token}` };
    expect((await me(editorHeaders)).body).toMatchObject({
      email,
      name: "Ngozi Editor",
      role: "editor",
    });
    const reused = await post("/api/auth/accept-invite", {
      token,
      name: "Someone",
      password: NEW_PASSWORD,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe(accountMessages.inviteUsedOrExpired);

    const signedIn = await login(email, NEW_PASSWORD);
    expect((await me(signedIn)).body.role).toBe("editor");
    const ownerId = (await me(ownerHeaders)).body as unknown as { id: string };
    for (const request of [
      { method: "GET", url: "/api/staff" },
      {
        method: "POST",
        url: "/api/staff/invitations",
        payload: { email: "x@example.com", role: "owner" },
      },
      { method: "DELETE", url: `/api/staff/${ownerId.id}` },
      { method: "PATCH", url: `/api/staff/${ownerId.id}`, payload: { role: "editor" } },
      { method: "DELETE", url: "/api/staff/invitations/whatever" },
    ] as const) {
      const answer = await call<{ error: string }>(t.app, { ...request, headers: signedIn });
      expect(`${request.method} ${request.url}: ${answer.status}`).toBe(
        `${request.method} ${request.url}: 403`,
      );
    }
    // An editor may still change their own password.
    const own = await post(
      "/api/auth/password",
      { currentPassword: NEW_PASSWORD, newPassword: "editor password 2" },
      signedIn,
    );
    expect(own.status).toBe(200);

    const again = await post("/api/staff/invitations", { email, role: "owner" }, ownerHeaders);
    expect(again.status).toBe(409);

    const [entry] = await auditOf("accept-invite");
    expect(entry).toMatchObject({ actor_email: email, entity_type: "admin" });
    const [invite] = await auditOf("invite");
    expect(invite).toMatchObject({ actor_email: owner, entity_id: invited.body.id });
    for (const row of [entry!, invite!]) {
      expect(row.summary).not.toContain(token);
      expect(row.summary).not.toContain(NEW_PASSWORD);
    }
  });

  it("withdraws an invitation: its link stops working", async () => {
    const ownerHeaders = await login(owner, TEST_PASSWORD);
    const email = "withdrawn@example.com";
    const before = smtp.inbox.length;
    const invited = await post<{ id: string }>(
      "/api/staff/invitations",
      { email, role: "owner" },
      ownerHeaders,
    );
    const { token } = await linkIn(before + 1, email, "/admin/accept-invite");
    const withdrawn = await call(t.app, {
      method: "DELETE",
      url: `/api/staff/invitations/${invited.body.id}`,
      headers: ownerHeaders,
    });
    expect(withdrawn.status).toBe(200);
    const accept = await post("/api/auth/accept-invite", {
      token,
      name: "Too Late",
      password: NEW_PASSWORD,
    });
    expect(accept.status).toBe(400);
    const gone = await call(t.app, {
      method: "DELETE",
      url: `/api/staff/invitations/${invited.body.id}`,
      headers: ownerHeaders,
    });
    expect(gone.status).toBe(404);
    expect(await auditOf("invite-withdraw")).toHaveLength(1);
  });

  it("never removes yourself or the last owner; removes others and ends their sessions", async () => {
    const ownerHeaders = await login(owner, TEST_PASSWORD);
    const { id: ownerId } = (await me(ownerHeaders)).body as unknown as { id: string };
    const self = await call<{ error: string }>(t.app, {
      method: "DELETE",
      url: `/api/staff/${ownerId}`,
      headers: ownerHeaders,
    });
    expect(self.status).toBe(409);
    expect(self.body.error).toBe(accountMessages.notYourself);

    const second = "second.owner@example.com";
    await t.app.services.admins.create(second, TEST_PASSWORD);
    const secondHeaders = await login(second, TEST_PASSWORD);
    const { id: secondId } = (await me(secondHeaders)).body as unknown as { id: string };
    const demote = await call<{ role: string }>(t.app, {
      method: "PATCH",
      url: `/api/staff/${secondId}`,
      headers: ownerHeaders,
      payload: { role: "editor" },
    });
    expect(demote.status).toBe(200);
    expect(demote.body.role).toBe("editor");
    // The role counts at once: the demoted owner's token is an editor's now.
    const staff = await call(t.app, { method: "GET", url: "/api/staff", headers: secondHeaders });
    expect(staff.status).toBe(403);
    const [roleEntry] = await auditOf("role-change");
    expect(JSON.parse(roleEntry!.summary)).toEqual({
      before: { role: "owner" },
      after: { role: "editor" },
    });

    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/staff/${secondId}`,
      headers: ownerHeaders,
    });
    expect(removed.status).toBe(200);
    expect((await me(secondHeaders)).status).toBe(401);
    const [removeEntry] = await auditOf("remove");
    expect(removeEntry).toMatchObject({ actor_email: owner, entity_id: secondId });
    expect(JSON.parse(removeEntry!.summary).before).toMatchObject({
      email: second,
      role: "editor",
    });

    const missing = await call(t.app, {
      method: "DELETE",
      url: `/api/staff/${secondId}`,
      headers: ownerHeaders,
    });
    expect(missing.status).toBe(404);
  });

  it("refuses to remove or demote the last owner", async () => {
    const ownerHeaders = await login(owner, TEST_PASSWORD);
    const { id: ownerId } = (await me(ownerHeaders)).body as unknown as { id: string };
    const { db } = t.app.services.database;
    // Every other account is an editor; an editor made owner by the CLI's recovery path...
    await db.updateTable("admins").set({ role: "editor" }).where("id", "!=", ownerId).execute();
    const accounts = await service().list();
    expect(accounts.members.filter((m) => m.role === "owner")).toHaveLength(1);
    // ...so the service is asked directly as another "owner" (a token minted before a demotion).
    const ghostOwner = {
      id: "someone-else",
      email: "ghost@example.com",
      name: "",
      role: "owner" as const,
    };
    await expect(service().remove({ id: ownerId }, ghostOwner)).rejects.toMatchObject({
      statusCode: 409,
      message: accountMessages.lastOwner,
    });
    await expect(service().changeRole(ghostOwner, ownerId, "editor")).rejects.toMatchObject({
      statusCode: 409,
      message: accountMessages.lastOwner,
    });
  });

  const service = () => t.app.services.admins;

  it("ends an invitation with its sender's authority: removed, demoted, or gone by the CLI", async () => {
    const ownerHeaders = await login(owner, TEST_PASSWORD);
    /** A second owner who invites `invitee` as an owner; the invitation's token and id. */
    const departingOwnerInvites = async (departing: string, invitee: string) => {
      await t.app.services.admins.create(departing, TEST_PASSWORD);
      const headers = await login(departing, TEST_PASSWORD);
      const { id } = (await me(headers)).body as unknown as { id: string };
      const before = smtp.inbox.length;
      const invited = await post<{ id: string }>(
        "/api/staff/invitations",
        { email: invitee, role: "owner" },
        headers,
      );
      expect(invited.status).toBe(201);
      const { token } = await linkIn(before + 1, invitee, "/admin/accept-invite");
      return { id, token, invitationId: invited.body.id };
    };
    const refused = async (token: string, invitee: string) => {
      const accept = await post("/api/auth/accept-invite", {
        token,
        name: "Alt Account",
        password: NEW_PASSWORD,
      });
      expect(accept.status).toBe(400);
      expect(accept.body.error).toBe(accountMessages.inviteUsedOrExpired);
      expect(
        (await post("/api/auth/login", { email: invitee, password: NEW_PASSWORD })).status,
      ).toBe(401);
    };
    const withdrawnInLog = async (invitationId: string, reason: RegExp) => {
      const entries = (await auditOf("invite-withdraw")).filter(
        (row) => row.entity_id === invitationId,
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]!.actor_email).toBe(owner);
      expect(JSON.parse(entries[0]!.summary).before.reason).toMatch(reason);
    };
    const openInvitations = async () =>
      (
        await call<{ invitations: { id: string }[] }>(t.app, {
          method: "GET",
          url: "/api/staff",
          headers: ownerHeaders,
        })
      ).body.invitations.map((invitation) => invitation.id);

    // Removed: the invitation is withdrawn, its link refused, the log says why.
    const removed = await departingOwnerInvites("leaving@example.com", "alt1@example.com");
    expect(await openInvitations()).toContain(removed.invitationId);
    const removal = await call(t.app, {
      method: "DELETE",
      url: `/api/staff/${removed.id}`,
      headers: ownerHeaders,
    });
    expect(removal.status).toBe(200);
    expect(await openInvitations()).not.toContain(removed.invitationId);
    await refused(removed.token, "alt1@example.com");
    await withdrawnInLog(removed.invitationId, /now removed/);

    // Demoted to editor: the same.
    const demoted = await departingOwnerInvites("demoted@example.com", "alt2@example.com");
    const demotion = await call(t.app, {
      method: "PATCH",
      url: `/api/staff/${demoted.id}`,
      headers: ownerHeaders,
      payload: { role: "editor" },
    });
    expect(demotion.status).toBe(200);
    expect(await openInvitations()).not.toContain(demoted.invitationId);
    await refused(demoted.token, "alt2@example.com");
    await withdrawnInLog(demoted.invitationId, /now an editor/);

    // Removed by the CLI: the invitation goes too.
    const cli = await departingOwnerInvites("cli.removed@example.com", "alt3@example.com");
    await t.app.services.admins.remove({ email: "cli.removed@example.com" });
    expect(await openInvitations()).not.toContain(cli.invitationId);
    await refused(cli.token, "alt3@example.com");

    // And accepting asks the sender's role itself: a demotion the withdrawal did not see
    // (another path to the row) still ends the invitation.
    const direct = await departingOwnerInvites("direct@example.com", "alt4@example.com");
    await t.app.services.database.db
      .updateTable("admins")
      .set({ role: "editor" })
      .where("id", "=", direct.id)
      .execute();
    await refused(direct.token, "alt4@example.com");
  });

  it("ends the preview links a removed person made", async () => {
    const ownerHeaders = await login(owner, TEST_PASSWORD);
    const maker = "previewer@example.com";
    await t.app.services.admins.create(maker, TEST_PASSWORD);
    const makerHeaders = await login(maker, TEST_PASSWORD);
    const { id: makerId } = (await me(makerHeaders)).body as unknown as { id: string };
    const form = multipart({ title: "Draft to preview", content: "Point one", status: "draft" });
    const created = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/blogs",
      headers: { ...makerHeaders, ...form.headers },
      payload: form.payload,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const linkFor = async (headers: Record<string, string>) =>
      (
        await call<{ previewPath: string }>(t.app, {
          method: "POST",
          url: `/api/admin/blogs/${created.body._id}/preview-link`,
          headers,
        })
      ).body.previewPath
        .split("/")
        .at(-1)!;
    const token = await linkFor(makerHeaders);
    expect(await t.app.services.blogs.preview(token)).toBeDefined();
    await call(t.app, { method: "DELETE", url: `/api/staff/${makerId}`, headers: ownerHeaders });
    expect(await t.app.services.blogs.preview(token)).toBeUndefined();
    // A link another person makes for the same post works as before.
    expect(await t.app.services.blogs.preview(await linkFor(ownerHeaders))).toBeDefined();
  });

  it("keeps the CLI's new admins owners", async () => {
    await t.app.services.admins.create("cli@example.com", TEST_PASSWORD);
    expect((await me(await login("cli@example.com", TEST_PASSWORD))).body.role).toBe("owner");
  });
});
