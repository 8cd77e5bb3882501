import { expect, it, onTestFinished } from "vitest";
import { insertPosts } from "../factories/blogs.ts";
import { insertSubscribers } from "../factories/subscribers.ts";
import { mailsPerAddress, startMailServer } from "../support/mail-server.ts";
import { call, createTestApp, newsletterSendDone } from "./helpers.ts";

// A post sent to 2,000 subscribers through a real SMTP server (issue 32): each address gets
// exactly one mail, with both unsubscribe headers, an HTML and a text part. The engine
// does not change what goes over SMTP: this file runs once, on SQLite (vitest.config.ts);
// PostgreSQL's path is postgres-newsletter-instances.

const COUNT = 2_000;

it(
  `sends a post to ${COUNT} confirmed subscribers, one mail each`,
  { timeout: 60_000 },
  async () => {
    const smtp = await startMailServer(0, { timeoutMs: 45_000 });
    onTestFinished(() => smtp.close());
    const t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "news@agency.test",
    });
    const headers = await t.adminHeaders();
    const db = t.app.services.database.db;
    await insertSubscribers(db, COUNT);
    const [post] = await insertPosts(db, 1, { start: new Date(Date.now() - 60_000) });
    const rate = await call(t.app, {
      method: "PUT",
      url: "/api/admin/newsletter/settings",
      headers,
      payload: { ratePerMinute: 100_000 },
    });
    expect(rate.status).toBe(200);

    const created = await call<{ _id: string }>(t.app, {
      method: "POST",
      url: "/api/admin/newsletter/sends",
      headers,
      payload: { postId: post!.id },
    });
    expect(created.status).toBe(202);
    await smtp.received(COUNT);
    expect(await newsletterSendDone(t, headers, created.body._id)).toMatchObject({
      total: COUNT,
      sent: COUNT,
      failed: 0,
      waiting: 0,
    });

    const perAddress = mailsPerAddress(smtp.inbox);
    for (const { mail } of smtp.inbox) {
      const keys = new Set(mail.headerLines.map((line) => line.key));
      expect(keys.has("list-unsubscribe") && keys.has("list-unsubscribe-post")).toBe(true);
      expect(mail.html).toBeTruthy();
      expect(mail.text).toContain("Text of post number 0.");
    }
    expect(perAddress.size).toBe(COUNT);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
  },
);
