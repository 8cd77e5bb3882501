import { describe, expect, it, onTestFinished } from "vitest";
import {
  PASSWORD,
  saveMailSettings,
  settingsOf,
  startAuthServer,
  testMail,
} from "../support/smtp-settings.ts";
import type { AuditPage } from "../../common/schemas/audit.ts";
import type { MailOverview } from "../../common/schemas/mail.ts";
import { enquiryPayloads } from "../factories/enquiries.ts";
import { startMailServer, useMailServer } from "../support/mail-server.ts";
import { call, editorHeaders, useTestApp } from "./helpers.ts";

// The mail server set on the Mail screen (issue 50, item 2): owners only, checked by the
// shared schema, the password write-only and stored encrypted, used from the next mail on
// without a restart; SMTP_URL in the environment wins.

describe("the mail server set on the Mail screen", () => {
  const t = useTestApp({ PUBLIC_ORIGIN: "https://agency.test" });

  it("is the owners': no token 401, an editor 403", async () => {
    const editor = await editorHeaders(t.app, "editor-mail@example.com");
    const anonymous = await saveMailSettings(t, {}, settingsOf(2525));
    expect(anonymous.status).toBe(401);
    const refused = await saveMailSettings(t, editor, settingsOf(2525));
    expect(refused.status).toBe(403);
    const overview = await call(t.app, { method: "GET", url: "/api/mail", headers: editor });
    expect(overview.status).toBe(403);
  });

  it("refuses what is not a host, a port, a security choice or an e-mail address", async () => {
    const headers = await t.adminHeaders();
    const bad: [string, Record<string, unknown>][] = [
      ["host with a scheme", { host: "smtp://mail.example.com" }],
      ["host with a port", { host: "mail.example.com:587" }],
      ["host with a space", { host: "mail example.com" }],
      ["empty host", { host: "" }],
      ["port 0", { port: 0 }],
      ["port 65536", { port: 65536 }],
      ["port 25.5", { port: 25.5 }],
      ["port text", { port: "smtp" }],
      ["security", { security: "ssl" }],
      ["from", { from: "not-an-address" }],
      ["from with a header", { from: "a@b.test?bcc=x@y.test" }],
      ["notifyTo", { notifyTo: "sales@" }],
      ["user with a line break", { user: "me\r\nRCPT TO:<x@y.z>" }],
      ["password with a line break", { password: "a\nb" }],
    ];
    for (const [what, change] of bad) {
      const answer = await saveMailSettings(t, headers, settingsOf(2525, change));
      expect(`${what}: ${answer.status}`).toBe(`${what}: 400`);
      expect(typeof answer.body.error).toBe("string");
    }
    const overview = await call<MailOverview>(t.app, { method: "GET", url: "/api/mail", headers });
    expect(overview.body.settings.source).toBe("none");
    expect(overview.body.status.configured).toBe(false);
  });

  it("switches mail to a second server at once, never answers the password, keeps it when left out", async () => {
    const headers = await t.adminHeaders();
    const first = await startMailServer();
    onTestFinished(() => first.close());
    const second = await startAuthServer("mailer", PASSWORD);

    const saved = await saveMailSettings(t, headers, settingsOf(first.port));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      source: "back-office",
      host: "127.0.0.1",
      port: first.port,
      security: "none",
      passwordSet: false,
    });
    const one = await testMail(t, headers, "one@example.com");
    expect(one.body).toMatchObject({ accepted: true, error: null });
    expect(one.body.response).toMatch(/^250 /);
    expect(first.inbox.at(-1)!.rcptTo).toEqual(["one@example.com"]);
    expect(first.inbox.at(-1)!.mail.from?.text).toContain("website@agency.test");

    // A wrong password: the server's refusal is the answer, nothing claims a send.
    await saveMailSettings(
      t,
      headers,
      settingsOf(second.port, { user: "mailer", password: "wrong" }),
    );
    const refused = await testMail(t, headers, "two@example.com");
    expect(refused.body.accepted).toBe(false);
    expect(refused.body.error).toMatch(/auth/i);
    expect(refused.body.response).toMatch(/^535 /);
    expect(second.received).toEqual([]);

    const right = await saveMailSettings(
      t,
      headers,
      settingsOf(second.port, { user: "mailer", password: PASSWORD, from: "hello@agency.test" }),
    );
    expect(right.body.passwordSet).toBe(true);
    expect(JSON.stringify(right.body)).not.toContain(PASSWORD);
    const two = await testMail(t, headers, "two@example.com");
    expect(two.body).toMatchObject({ accepted: true, error: null });
    expect(second.received).toEqual(["two@example.com"]);
    const before = first.inbox.length;

    // Saved again without a password: the stored one stays.
    const kept = await saveMailSettings(t, headers, settingsOf(second.port, { user: "mailer" }));
    expect(kept.body.passwordSet).toBe(true);
    expect((await testMail(t, headers, "three@example.com")).body.accepted).toBe(true);
    expect(second.received).toEqual(["two@example.com", "three@example.com"]);
    expect(first.inbox.length).toBe(before);

    // Never answered, never stored as typed, never in the activity log.
    const overview = await call<MailOverview>(t.app, { method: "GET", url: "/api/mail", headers });
    expect(overview.body.settings).toMatchObject({ user: "mailer", passwordSet: true });
    expect(overview.body.status).toMatchObject({ configured: true, port: second.port });
    expect(JSON.stringify(overview.body)).not.toContain(PASSWORD);
    const row = await t.app.services.database.db
      .selectFrom("smtp_settings")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    const activity = await call<AuditPage>(t.app, {
      method: "GET",
      url: "/api/audit?type=mail-settings",
      headers,
    });
    expect(activity.status).toBe(200);
    expect(activity.body.entries.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(activity.body)).not.toContain(PASSWORD);
    expect(JSON.stringify(activity.body)).not.toContain("wrong");
  });

  it("mails a new enquiry to the saved notification address", async () => {
    const headers = await t.adminHeaders();
    const smtp = await startMailServer();
    onTestFinished(() => smtp.close());
    await saveMailSettings(t, headers, settingsOf(smtp.port, { notifyTo: "leads@agency.test" }));
    const sent = await call(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: enquiryPayloads.home,
    });
    expect(sent.status).toBe(201);
    await smtp.received(1);
    expect(smtp.inbox[0]!.rcptTo).toEqual(["leads@agency.test"]);
  });
});

describe("with SMTP_URL in the environment", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({ ...smtp.env(), PUBLIC_ORIGIN: "https://agency.test" }));

  it("the environment wins: the screen says so and a save is refused", async () => {
    const headers = await t.adminHeaders();
    const overview = await call<MailOverview>(t.app, { method: "GET", url: "/api/mail", headers });
    expect(overview.body.settings).toMatchObject({
      source: "environment",
      host: "127.0.0.1",
      port: Number(new URL(smtp.env().SMTP_URL).port),
    });
    const refused = await saveMailSettings(t, headers, settingsOf(2525));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/SMTP_URL/);
    const test = await testMail(t, headers);
    expect(test.body.accepted).toBe(true);
  });
});
