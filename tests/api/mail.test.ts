import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import { loadConfig } from "../../server/config.ts";
import { createNotifier } from "../../server/mail/smtp.ts";
import { call, createTestApp, useTestApp } from "./helpers.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { freePort } from "../support/free-port.ts";
import { startMailServer } from "../support/mail-server.ts";

const withMail = (port: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  NOTIFY_TO: "sales@agency.test",
  MAIL_FROM: "website@agency.test",
});

describe("enquiry notification by e-mail", () => {
  let smtp: Awaited<ReturnType<typeof startMailServer>>;
  beforeAll(async () => {
    smtp = await startMailServer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => withMail(smtp.port));

  const send = (payload: object) =>
    call<Enquiry>(t.app, { method: "POST", url: "/api/contact", payload });

  it("mails every field to NOTIFY_TO, reply-to the visitor, with HTML escaped", async () => {
    const before = smtp.inbox.length;
    const { status, body } = await send({
      ...payloads.package,
      name: "Funke <b>Ade</b>",
      instagram: "@lagoslux",
    });
    expect(status).toBe(201);
    await smtp.received(before + 1);
    const { mail, rcptTo } = smtp.inbox.at(-1)!;
    expect(rcptTo).toEqual(["sales@agency.test"]);
    expect(mail.subject).toBe("New enquiry: GROW ME from Funke <b>Ade</b>");
    expect(mail.replyTo?.text).toBe("funke@lagoslux.com");
    expect(mail.from?.text).toBe("website@agency.test");
    for (const line of [
      "Service type: GROW ME",
      "Name: Funke <b>Ade</b>",
      "Company: Lagos Lux",
      "Email: funke@lagoslux.com",
      "Phone: +2348031234567",
      "Options: 3 Months Contract",
      "Package: GROW ME",
      "Instagram: @lagoslux",
      "Website: https://lagoslux.com",
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toContain(`/admin/enquiries/${body._id}`);
    expect(mail.html).toContain("Funke &#60;b&#62;Ade&#60;/b&#62;");
    expect(mail.html).not.toContain("<b>Ade</b>");
    expect(mail.html).toContain("Lagos Lux");
    expect(body.status).toBe("new");
  });

  it("carries the message and preferred date of the contact page, never markup", async () => {
    const before = smtp.inbox.length;
    const message = 'Call after 5pm.\n<script>alert("x")</script> & "thanks"';
    const { status } = await send({ ...payloads.quick, message });
    expect(status).toBe(201);
    await smtp.received(before + 1);
    const { mail } = smtp.inbox.at(-1)!;
    expect(mail.subject).toBe("New enquiry: contact from Emeka Eze");
    expect(mail.text).toContain(`Message: ${message}`);
    expect(mail.text).toContain("Preferred date: 2026-12-01");
    expect(mail.text).toContain("Phone: +2348091112222");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(
      "&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#34;thanks&#34;",
    );
  });

  it("keeps a line break in the name out of the mail headers", async () => {
    const before = smtp.inbox.length;
    const { status } = await send({
      ...payloads.home,
      name: "Ada\r\nBcc: victim@elsewhere.test",
    });
    expect(status).toBe(201);
    await smtp.received(before + 1);
    const { mail, rcptTo } = smtp.inbox.at(-1)!;
    expect(rcptTo).toEqual(["sales@agency.test"]);
    expect(mail.bcc).toBeUndefined();
    expect(mail.subject).toBe(
      "New enquiry: Inquiry form response from Ada Bcc: victim@elsewhere.test",
    );
  });

  it("sends nothing for a honeypot hit", async () => {
    const before = smtp.inbox.length;
    const { status } = await send({ ...payloads.home, faxNumber: "robot" });
    expect(status).toBe(201);
    await send(payloads.home);
    await smtp.received(before + 1);
    // Every mail due has been sent once runNow() resolves: a robot's would be in by now.
    await t.app.services.outbox.runNow();
    expect(smtp.inbox).toHaveLength(before + 1);
    expect(smtp.inbox.at(-1)!.mail.subject).toBe("New enquiry: Inquiry form response from Ada Obi");
  });
});

describe("a mail server that is slow, down or stuck", () => {
  it("answers before a slow mail server has taken the mail, and delivers it before closing", async () => {
    const slow = await startMailServer(1500);
    const t = await createTestApp(withMail(slow.port));
    try {
      const started = Date.now();
      const { status, body } = await call<Enquiry>(t.app, {
        method: "POST",
        url: "/api/contact",
        payload: payloads.service,
      });
      expect(status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(slow.inbox).toHaveLength(0);
      const stored = await t.app.services.enquiries.get(body._id);
      expect(stored.name).toBe("Chidi Obi");
    } finally {
      // Closing the app waits for the mail on its way: it has arrived once close() returns.
      await t.close();
    }
    expect(slow.inbox).toHaveLength(1);
    expect(slow.inbox[0]!.mail.subject).toBe("New enquiry: Social Media Marketing from Chidi Obi");
    await slow.close();
  });

  it("keeps the enquiry and answers 201 at once when the mail server is down", async () => {
    const deadPort = await freePort();
    const t = await createTestApp(withMail(deadPort));
    try {
      const started = Date.now();
      const { status, body } = await call<Enquiry>(t.app, {
        method: "POST",
        url: "/api/contact",
        payload: payloads.service,
      });
      expect(status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);
      const headers = await t.adminHeaders();
      const stored = await call<Enquiry>(t.app, {
        method: "GET",
        url: `/api/contact/${body._id}`,
        headers,
      });
      expect(stored.status).toBe(200);
      expect(stored.body.name).toBe("Chidi Obi");
    } finally {
      await t.close();
    }
  });

  it("cancels a mail to a stuck server when closing, and logs the failure", async () => {
    // Accepts the connection and never says a word (no SMTP greeting).
    const sockets = new Set<Socket>();
    const closed: Promise<void>[] = [];
    const stuck = createServer((socket) => {
      sockets.add(socket);
      closed.push(new Promise((resolve) => socket.on("close", () => resolve())));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => stuck.listen(port, "127.0.0.1", resolve));
    const dataDir = await mkdtemp(path.join(tmpdir(), "agency-mail-"));
    const lines: string[] = [];
    const logger = Fastify({
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const config = loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        TOKEN_SECRET: "x".repeat(32),
        ...withMail(port),
      });
      const notifier = createNotifier(config, logger.log, { closeGraceMs: 300 });
      const now = new Date().toISOString();
      const sending = notifier.enquiryReceived({
        _id: "11111111-2222-3333-4444-555555555555",
        companyName: "",
        name: "Ada Obi",
        email: "ada@example.com",
        phoneNumber: "",
        options: [],
        serviceType: "Inquiry form response",
        message: "",
        package: "",
        instagram: "",
        website: "",
        date: "",
        status: "new",
        createdAt: now,
        updatedAt: now,
      });
      // The client is connected and waits for a greeting that never comes.
      await expect.poll(() => sockets.size).toBe(1);
      const started = Date.now();
      await notifier.close();
      expect(Date.now() - started).toBeLessThan(3000);
      // Cancelled, not left waiting for nodemailer's own time-out: the failure is logged
      // by the time close() returns, and the connection is gone.
      const failures = lines
        .map((line) => JSON.parse(line) as { msg: string; enquiry?: string })
        .filter((entry) => entry.msg === "enquiry notification failed");
      expect(failures.map((entry) => entry.enquiry)).toEqual([
        "11111111-2222-3333-4444-555555555555",
      ]);
      await sending;
      await Promise.all(closed);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => stuck.close(() => resolve()));
      await logger.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
