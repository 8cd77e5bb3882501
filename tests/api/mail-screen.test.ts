import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../../common/schemas/accounts.ts";
import type { AuditPage } from "../../common/schemas/audit.ts";
import type { MailOverview, TestMailResult } from "../../common/schemas/mail.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { createMailService } from "../../server/modules/mail/service.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { freePort } from "../support/free-port.ts";
import { startMailServer } from "../support/mail-server.ts";
import { call, expectAdminOnly, TEST_PASSWORD, useTestApp, type TestApp } from "./helpers.ts";

// Mail that tells the truth (issue 29): the owner's Mail screen, one-time links when the
// site cannot send mail, my own name and e-mail, and the enquiry auto-reply.

const owner = "owner@example.com";

/** Signs in `email` (made an owner unless `role`) and answers the bearer header. */
async function signIn(t: TestApp, email: string, role: "owner" | "editor" = "owner") {
  await t.app.services.admins.create(email, TEST_PASSWORD, role);
  const { body } = await call<{ token: string }>(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: TEST_PASSWORD },
  });
  return { authorization: `Bearer ${body.token}` };
}

const tokenOf = (link: string | null | undefined) => /#token=([\w-]+)$/.exec(link ?? "")?.[1];

describe("without mail", () => {
  const t = useTestApp({ PUBLIC_ORIGIN: "https://agency.test" });

  it("the Mail screen is the owners' and says mail is off; a test message says nothing went", async () => {
    const headers = await signIn(t, owner);
    const editor = await signIn(t, "editor@example.com", "editor");
    await expectAdminOnly(t, { method: "GET", url: "/api/mail" });
    await expectAdminOnly(t, { method: "POST", url: "/api/mail/test", payload: { to: owner } });
    for (const [method, url] of [
      ["GET", "/api/mail"],
      ["POST", "/api/mail/test"],
      ["PUT", "/api/mail/auto-reply"],
    ] as const) {
      const refused = await call(t.app, { method, url, headers: editor, payload: {} });
      expect(`${url}: ${refused.status}`).toBe(`${url}: 403`);
    }
    const overview = await call<MailOverview>(t.app, { method: "GET", url: "/api/mail", headers });
    expect(overview.status).toBe(200);
    expect(overview.body.status).toMatchObject({ configured: false, host: null });
    expect(overview.body.autoReply.enabled).toBe(false);
    expect(overview.body.failures).toEqual([]);
    const test = await call<TestMailResult>(t.app, {
      method: "POST",
      url: "/api/mail/test",
      headers,
      payload: { to: "someone@example.com" },
    });
    expect(test.body.accepted).toBe(false);
    expect(test.body.error).toMatch(/not set up/);
    const bad = await call(t.app, {
      method: "POST",
      url: "/api/mail/test",
      headers,
      payload: { to: "x" },
    });
    expect(bad.status).toBe(400);
  });

  it("an invitation and an owner's reset give the owner a one-time link that works once; forgot-password says mail is off", async () => {
    const headers = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner, password: TEST_PASSWORD },
    }).then(({ body }) => ({ authorization: `Bearer ${body.token}` }));
    const invited = await call<{ mailed: boolean; link: string | null; expiresAt: string }>(t.app, {
      method: "POST",
      url: "/api/staff/invitations",
      headers,
      payload: { email: "new@example.com", role: "editor" },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.mailed).toBe(false);
    expect(invited.body.link).toMatch(/^https:\/\/agency\.test\/admin\/accept-invite#token=/);
    expect(Date.parse(invited.body.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const accept = {
      token: tokenOf(invited.body.link),
      name: "Ada New",
      password: "a long new password",
    };
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/accept-invite", payload: accept }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/accept-invite", payload: accept }))
        .status,
    ).toBe(400);
    // The list shows the person's name and that mail is off; it never holds a link.
    const staff = await call<{
      mailOn: boolean;
      members: { id: string; email: string; name: string }[];
    }>(t.app, { method: "GET", url: "/api/staff", headers });
    expect(staff.body.mailOn).toBe(false);
    const ada = staff.body.members.find((m) => m.email === "new@example.com")!;
    expect(ada.name).toBe("Ada New");

    const reset = await call<{ mailed: boolean; link: string | null; expiresAt: string }>(t.app, {
      method: "POST",
      url: `/api/staff/reset-links/${ada.id}`,
      headers,
    });
    expect(reset.body.mailed).toBe(false);
    expect(Date.parse(reset.body.expiresAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
    const newPassword = { token: tokenOf(reset.body.link), password: "another long password" };
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/reset-password", payload: newPassword }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/reset-password", payload: newPassword }))
        .status,
    ).toBe(400);
    const mine = await call(t.app, {
      method: "POST",
      url: `/api/staff/reset-links/${staff.body.members.find((m) => m.email === owner)!.id}`,
      headers,
    });
    expect(mine.status).toBe(409);

    const forgot = await call(t.app, {
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: owner },
    });
    expect(forgot.body).toEqual({ message: accountMessages.resetNoMail });
  });

  it("I set my own name, and change my e-mail at once with my password; the log names me and the item", async () => {
    const headers = await signIn(t, "me@example.com");
    const named = await call<{ name: string }>(t.app, {
      method: "PATCH",
      url: "/api/auth/me",
      headers,
      payload: { name: "  Chidi Okeke " },
    });
    expect(named.body.name).toBe("Chidi Okeke");
    expect(
      (await call(t.app, { method: "PATCH", url: "/api/auth/me", headers, payload: { name: " " } }))
        .status,
    ).toBe(400);
    const wrong = await call(t.app, {
      method: "POST",
      url: "/api/auth/email",
      headers,
      payload: { email: "chidi@example.com", currentPassword: "not it at all" },
    });
    expect(wrong.status).toBe(400);
    const taken = await call(t.app, {
      method: "POST",
      url: "/api/auth/email",
      headers,
      payload: { email: owner, currentPassword: TEST_PASSWORD },
    });
    expect(taken.status).toBe(409);
    const moved = await call(t.app, {
      method: "POST",
      url: "/api/auth/email",
      headers,
      payload: { email: "Chidi@Example.com", currentPassword: TEST_PASSWORD },
    });
    expect(moved.body).toEqual({ changed: true, email: "chidi@example.com" });
    const me = await call<{ email: string; name: string }>(t.app, {
      method: "GET",
      url: "/api/auth/me",
      headers,
    });
    expect(me.body).toMatchObject({ email: "chidi@example.com", name: "Chidi Okeke" });

    const log = await call<AuditPage>(t.app, {
      method: "GET",
      url: "/api/audit?type=admin",
      headers,
    });
    const change = log.body.entries.find((entry) => entry.action === "email-change")!;
    expect(change).toMatchObject({ actorName: "Chidi Okeke", itemTitle: "Chidi Okeke" });
    expect(JSON.stringify(log.body)).not.toContain(TEST_PASSWORD);
  });
});

describe("with mail", () => {
  let smtp: Awaited<ReturnType<typeof startMailServer>>;
  beforeAll(async () => {
    smtp = await startMailServer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_TO: "sales@agency.test",
    MAIL_FROM: "website@agency.test",
    PUBLIC_ORIGIN: "https://agency.test",
  }));

  it("shows the settings (no password field) and sends a test message the server accepts", async () => {
    const headers = await signIn(t, owner);
    const overview = await call<MailOverview>(t.app, { method: "GET", url: "/api/mail", headers });
    expect(overview.body.status).toEqual({
      configured: true,
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      from: "website@agency.test",
      notifyTo: "sales@agency.test",
    });
    const before = smtp.inbox.length;
    const test = await call<TestMailResult>(t.app, {
      method: "POST",
      url: "/api/mail/test",
      headers,
      payload: { to: "check@example.com" },
    });
    // The mail server's own answer is shown: its 250 reply line.
    expect(test.body).toEqual({
      accepted: true,
      error: null,
      response: expect.stringMatching(/^250 /),
    });
    expect(smtp.inbox[before]!.rcptTo).toEqual(["check@example.com"]);
  });

  it("a refusing mail server's error is the answer", async () => {
    const port = await freePort();
    const mail = createMailService({
      db: t.app.services.database.db,
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "a@b.test" }),
    });
    const result = await mail.sendTest("x@example.com");
    expect(result.accepted).toBe(false);
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it("queues the auto-reply with the enquiry's notification, once, to the visitor only", async () => {
    const headers = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner, password: TEST_PASSWORD },
    }).then(({ body }) => ({ authorization: `Bearer ${body.token}` }));
    const reply = { enabled: true, subject: "Thanks, {name}", text: "Hello {name},\nWe got it." };
    const bad = await call(t.app, {
      method: "PUT",
      url: "/api/mail/auto-reply",
      headers,
      payload: { ...reply, subject: "two\nlines" },
    });
    expect(bad.status).toBe(400);
    const saved = await call(t.app, {
      method: "PUT",
      url: "/api/mail/auto-reply",
      headers,
      payload: reply,
    });
    expect(saved.body).toEqual(reply);

    const start = smtp.inbox.length;
    const sent = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: { ...payloads.home, name: "Ngozi", email: "ngozi@example.com" },
    });
    const spam = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: { ...payloads.home, email: "robot@example.com", faxNumber: "robot" },
    });
    await smtp.received(start + 2);
    await t.app.services.outbox.runNow();
    const rows = await t.app.services.database.db
      .selectFrom("notification_outbox")
      .select(["subject_id", "kind", "sent_at"])
      .execute();
    expect(
      rows
        .filter((row) => row.subject_id === sent.body._id)
        .map((row) => row.kind)
        .sort(),
    ).toEqual(["enquiry_auto_reply", "enquiry_received"]);
    expect(rows.some((row) => row.subject_id === spam.body._id)).toBe(false);
    const mails = smtp.inbox.slice(start);
    expect(mails).toHaveLength(2);
    const toVisitor = mails.find((m) => m.rcptTo[0] === "ngozi@example.com")!;
    expect(toVisitor.mail.subject).toBe("Thanks, Ngozi");
    expect(toVisitor.mail.text?.trim()).toBe("Hello Ngozi,\nWe got it.");
    expect(mails.some((m) => m.rcptTo[0] === "sales@agency.test")).toBe(true);
  });

  it("the auto-reply carries no visitor text that is not a plain name, and mails one address once in ten minutes", async () => {
    // The auto-reply is on (the test before switched it on).
    const enquire = (name: string, email: string, remoteAddress: string) =>
      call<{ _id: string }>(t.app, {
        method: "POST",
        url: "/api/contact",
        payload: { ...payloads.home, name, email },
        remoteAddress,
      });
    const start = smtp.inbox.length;
    const prize = "Winner! Claim your prize at http://evil.test/claim";
    await enquire(prize, "stranger@example.com", "198.51.100.1");
    await enquire("Chioma Eze", "chioma@example.com", "198.51.100.2");
    // The same address again, from other networks: the agency hears of each, the address once.
    await enquire("Winner Claim prize", "stranger@example.com", "203.0.113.3");
    await enquire("Stranger", "STRANGER@example.com", "192.0.2.4");
    await smtp.received(start + 6);
    await t.app.services.outbox.runNow();
    const mails = smtp.inbox.slice(start);
    const to = (address: string) => mails.filter((m) => m.rcptTo[0] === address);
    expect(to("sales@agency.test")).toHaveLength(4);
    const [toStranger, ...more] = to("stranger@example.com");
    expect(more).toEqual([]);
    expect(toStranger!.mail.subject).toBe("Thanks, there");
    expect(toStranger!.mail.text?.trim()).toBe("Hello there,\nWe got it.");
    expect(JSON.stringify(toStranger!.mail)).not.toMatch(/evil\.test|prize/i);
    expect(to("chioma@example.com")[0]!.mail.subject).toBe("Thanks, Chioma Eze");
    // The enquiry itself keeps the name as typed, for the agency.
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner, password: TEST_PASSWORD },
    });
    const inbox = await call<{ name: string }[]>(t.app, {
      method: "GET",
      url: "/api/contact/?q=stranger",
      headers: { authorization: `Bearer ${login.body.token}` },
    });
    expect(inbox.body.map((enquiry) => enquiry.name)).toContain(prize);
  });

  it("a new e-mail address waits for the link mailed to it", async () => {
    const headers = await signIn(t, "old@example.com");
    const start = smtp.inbox.length;
    const asked = await call(t.app, {
      method: "POST",
      url: "/api/auth/email",
      headers,
      payload: { email: "new@example.com", currentPassword: TEST_PASSWORD },
    });
    expect(asked.body).toEqual({ changed: false, email: "new@example.com" });
    await smtp.received(start + 1);
    const { mail, rcptTo } = smtp.inbox[start]!;
    expect(rcptTo).toEqual(["new@example.com"]);
    const token = /admin\/confirm-email#token=([\w-]+)/.exec(mail.text ?? "")?.[1];
    const me = () =>
      call<{ email: string }>(t.app, { method: "GET", url: "/api/auth/me", headers });
    expect((await me()).body.email).toBe("old@example.com");
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/confirm-email", payload: { token } }))
        .status,
    ).toBe(200);
    expect((await me()).body.email).toBe("new@example.com");
    expect(
      (await call(t.app, { method: "POST", url: "/api/auth/confirm-email", payload: { token } }))
        .status,
    ).toBe(400);
  });
});
