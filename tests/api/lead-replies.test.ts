import { beforeAll, describe, expect, it } from "vitest";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import { filledTemplate, type LeadReply, type ReplyTemplate } from "../../common/schemas/leads.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { useMailServer } from "../support/mail-server.ts";
import { call, useTestApp } from "./helpers.ts";

// Replies from the inbox (issue 52, item 3), on SQLite and PostgreSQL, against a real SMTP
// server: from the agency's address, to the visitor, in the thread of the notification mail
// (its In-Reply-To is the notification's Message-ID), kept on the lead with its state.

describe("a reply from the inbox", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({
    ...smtp.env(),
    NOTIFY_TO: "sales@agency.test",
    MAIL_FROM: "hello@agency.test",
    PUBLIC_ORIGIN: "https://agency.test",
  }));
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });
  const mailTo = async (address: string) => {
    await expect
      .poll(() => smtp.inbox.some(({ rcptTo }) => rcptTo.includes(address)), { timeout: 15_000 })
      .toBe(true);
    return smtp.inbox.find(({ rcptTo }) => rcptTo.includes(address))!.mail;
  };

  it("goes from the agency's address, threaded on the notification, and says it went", async () => {
    const visitor = "threaded.tolu@example.com";
    const { body: enquiry } = await call<Enquiry>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: { ...payloads.package, name: "Tolu Threaded", email: visitor },
    });
    const notification = await mailTo("sales@agency.test");
    expect(notification.messageId).toBe(`<enquiry-${enquiry._id}@agency.test>`);

    const { body: templates } = await call<ReplyTemplate[]>(t.app, {
      url: "/api/reply-templates",
      headers,
    });
    const template = filledTemplate(templates[0]!, {
      name: "Tolu Threaded",
      package: "GROW ME",
    });
    expect(template.body).toContain("Hello Tolu Threaded");
    expect(template.subject).toBe("Your enquiry about GROW ME");
    const sent = await call<LeadReply>(t.app, {
      method: "POST",
      url: `/api/leads/${enquiry._id}/replies`,
      headers,
      payload: template,
    });
    expect(sent.status).toBe(201);
    const reply = await mailTo(visitor);
    expect(reply.from?.text).toBe("hello@agency.test");
    expect(reply.subject).toBe("Your enquiry about GROW ME");
    expect(reply.inReplyTo).toBe(notification.messageId);
    expect(reply.references).toEqual(notification.messageId);
    expect(reply.text).toContain("Hello Tolu Threaded");

    await expect
      .poll(
        async () =>
          (
            await call<LeadReply[]>(t.app, {
              method: "GET",
              url: `/api/leads/${enquiry._id}/replies`,
              headers,
            })
          ).body[0]?.state,
      )
      .toBe("sent");
  });

  it("refuses a blank reply with 400 JSON, an unknown enquiry with 404, strangers with 401", async () => {
    const { body: enquiry } = await call<Enquiry>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: payloads.home,
    });
    const url = `/api/leads/${enquiry._id}/replies`;
    const blank = await call<{ error: string }>(t.app, {
      method: "POST",
      url,
      headers,
      payload: { subject: "Hi", body: "  " },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatch(/write the reply/);
    const noSubject = await call<{ error: string }>(t.app, {
      method: "POST",
      url,
      headers,
      payload: { subject: "", body: "Hello" },
    });
    expect(noSubject.status).toBe(400);
    const unknown = await call(t.app, {
      method: "POST",
      url: "/api/leads/nobody/replies",
      headers,
      payload: { subject: "Hi", body: "Hello" },
    });
    expect(unknown.status).toBe(404);
    const stranger = await call(t.app, {
      method: "POST",
      url,
      payload: { subject: "Hi", body: "Hello" },
    });
    expect(stranger.status).toBe(401);
  });
});

describe("a reply without mail set up", () => {
  const t = useTestApp();
  it("is kept on the lead as not sent", async () => {
    const headers = await t.adminHeaders();
    const { body: enquiry } = await call<Enquiry>(t.app, {
      method: "POST",
      url: "/api/contact",
      payload: payloads.home,
    });
    const sent = await call<LeadReply>(t.app, {
      method: "POST",
      url: `/api/leads/${enquiry._id}/replies`,
      headers,
      payload: { subject: "Hello", body: "Thanks!" },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ state: "not-configured", subject: "Hello" });
  });
});
