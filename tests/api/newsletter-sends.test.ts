import { describe, expect, inject, it, onTestFinished } from "vitest";
import { NEWSLETTER_TEST_RECIPIENTS } from "../../common/newsletter.ts";
import type { NewsletterSend } from "../../common/schemas/newsletter.ts";
import { linkToken } from "../../server/modules/newsletter/links.ts";
import { insertPosts } from "../factories/blogs.ts";
import { insertSubscribers } from "../factories/subscribers.ts";
import { startMailServer, type RcptAnswer } from "../support/mail-server.ts";
import { call, createTestApp, multipart, TEST_PASSWORD, waitFor, type TestApp } from "./helpers.ts";

// Newsletter sends (issue 32): the API's answers, and the worker against a real SMTP server
// (smtp-server): headers and parts of each mail, a permanent refusal that marks the address
// bounced, a temporary one retried after the back-off. The big send, the crash and two
// instances are in newsletter-sends-bulk, newsletter-sends-crash and
// postgres-newsletter-instances.

const withMail = (port: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_FROM: "news@agency.test",
});

async function mailServer(rcpt?: (address: string) => RcptAnswer) {
  const smtp = await startMailServer(0, { rcpt });
  onTestFinished(() => smtp.close());
  return smtp;
}

/** A test clock: starts at the real time and moves only when a test moves it. */
function testClock() {
  let now = Date.now();
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

async function publishedPost(t: TestApp, title = "Growth in Lagos") {
  const [post] = await insertPosts(t.app.services.database.db, 1, {
    start: new Date(Date.now() - 60_000),
    words: () => "# What works\n* Search ads\n* **Bold** [links](/contact)",
  });
  await t.app.services.database.db
    .updateTable("blogs")
    .set({ title, excerpt: "Three things that work." })
    .where("id", "=", post!.id)
    .execute();
  return post!;
}

const getSend = async (t: TestApp, headers: { authorization: string }, id: string) =>
  (
    await call<NewsletterSend>(t.app, {
      method: "GET",
      url: `/api/admin/newsletter/sends/${id}`,
      headers,
    })
  ).body;

async function send(t: TestApp, headers: { authorization: string }, payload: object) {
  const answer = await call<{ _id: string; error?: string }>(t.app, {
    method: "POST",
    url: "/api/admin/newsletter/sends",
    headers,
    payload,
  });
  return answer;
}

describe("newsletter sends without mail", () => {
  it("answers 409 and writes nothing; the settings say it cannot send", async () => {
    const t = await createTestApp();
    const headers = await t.adminHeaders();
    await insertSubscribers(t.app.services.database.db, 3);
    const answer = await send(t, headers, { subject: "Hello", body: "Words." });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/SMTP_URL/);
    const rows = await t.app.services.database.db
      .selectFrom("newsletter_deliveries")
      .select("id")
      .execute();
    expect(rows).toEqual([]);
    const settings = await call(t.app, {
      method: "GET",
      url: "/api/admin/newsletter/settings",
      headers,
    });
    expect(settings.body).toEqual({
      ratePerMinute: 600,
      doubleOptIn: false,
      canSend: false,
      audience: 3,
    });
    const test = await call(t.app, {
      method: "POST",
      url: "/api/admin/newsletter/test",
      headers,
      payload: { to: "me@example.com", subject: "Hi", body: "Text" },
    });
    expect(test.status).toBe(409);
  });
});

describe("newsletter sends", () => {
  it("checks what it is asked to send (400, 409, 404) and saves the rate", async () => {
    const smtp = await mailServer();
    const t = await createTestApp(withMail(smtp.port));
    const headers = await t.adminHeaders();
    expect((await send(t, headers, { subject: "Only a subject" })).status).toBe(400);
    expect((await send(t, headers, { postId: "no-such-post" })).status).toBe(400);
    const post = await publishedPost(t);
    await t.app.services.database.db
      .updateTable("blogs")
      .set({ status: "draft", published_at: null })
      .where("id", "=", post.id)
      .execute();
    const draft = await send(t, headers, { postId: post.id });
    expect(draft.status).toBe(409);
    expect(draft.body.error).toMatch(/published or scheduled/);
    const unknown = await call(t.app, {
      method: "GET",
      url: "/api/admin/newsletter/sends/nope",
      headers,
    });
    expect(unknown.status).toBe(404);
    const saved = await call(t.app, {
      method: "PUT",
      url: "/api/admin/newsletter/settings",
      headers,
      payload: { ratePerMinute: 1200 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ratePerMinute: 1200, canSend: true, doubleOptIn: true });
    const bad = await call(t.app, {
      method: "PUT",
      url: "/api/admin/newsletter/settings",
      headers,
      payload: { ratePerMinute: 0 },
    });
    expect(bad.status).toBe(400);
    // The rate is the owners' (like the Mail screen); an editor may send.
    await t.app.services.admins.create("editor@example.com", TEST_PASSWORD, "editor");
    const login = await call<{ token: string }>(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "editor@example.com", password: TEST_PASSWORD },
    });
    const editor = { authorization: `Bearer ${login.body.token}` };
    const refused = await call(t.app, {
      method: "PUT",
      url: "/api/admin/newsletter/settings",
      headers: editor,
      payload: { ratePerMinute: 5 },
    });
    expect(refused.status).toBe(403);
    expect((await send(t, editor, { subject: "From an editor", body: "Hi." })).status).toBe(202);
    const audit = await t.app.services.database.db
      .selectFrom("audit_log")
      .select(["action", "entity_type as type"])
      .where("entity_type", "like", "newsletter%")
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "update", type: "newsletter-settings" },
        { action: "send", type: "newsletter" },
      ]),
    );
  });

  it("sends a post to every confirmed subscriber once, with both unsubscribe headers", async () => {
    const smtp = await mailServer();
    const t = await createTestApp(withMail(smtp.port));
    const headers = await t.adminHeaders();
    const db = t.app.services.database.db;
    const readers = await insertSubscribers(db, 5);
    await insertSubscribers(db, 2, "left", "unsubscribed");
    await insertSubscribers(db, 1, "waiting", "pending");
    const post = await publishedPost(t, "Growth <in> Lagos");

    const preview = await call<{ subject: string; html: string; text: string }>(t.app, {
      method: "POST",
      url: "/api/admin/newsletter/preview",
      headers,
      payload: { postId: post.id },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe("Growth <in> Lagos");
    expect(preview.body.html).toContain("Growth &#60;in&#62; Lagos");
    expect(preview.body.html).toContain(`href="${t.config.publicOrigin}/contact"`);
    expect(preview.body.text).toContain("* Search ads");

    const created = await send(t, headers, { postId: post.id, previewText: "Read this" });
    expect(created.status).toBe(202);
    const id = created.body._id;
    await smtp.received(5);
    await waitFor(
      () => getSend(t, headers, id),
      (s) => s.state === "done",
      10_000,
    );
    expect(await getSend(t, headers, id)).toMatchObject({
      postId: post.id,
      subject: "Growth <in> Lagos",
      previewText: "Read this",
      state: "done",
      total: 5,
      sent: 5,
      failed: 0,
      waiting: 0,
    });
    expect(smtp.inbox.map((m) => m.rcptTo[0]).sort()).toEqual(readers.map((r) => r.email).sort());
    const secret = t.config.tokenSecret;
    for (const { mail, rcptTo } of smtp.inbox) {
      const reader = readers.find((r) => r.email === rcptTo[0])!;
      const url = `${t.config.publicOrigin}/newsletter/unsubscribe/${linkToken(secret, "unsubscribe", reader.id)}`;
      // mailparser reads List-* headers into an object: the lines as sent are checked,
      // unfolded (a long header is folded at a space, RFC 5322).
      const header = (key: string) =>
        mail.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, " ");
      expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${url}>`);
      expect(header("list-unsubscribe-post")).toBe(
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      );
      expect(mail.html).toContain(url);
      expect(mail.html).toContain(`${t.config.publicOrigin}/newsletter/${id}`);
      expect(mail.text).toContain(`Unsubscribe: ${url}`);
    }
    const list = await call<NewsletterSend[]>(t.app, {
      method: "GET",
      url: "/api/admin/newsletter/sends",
      headers,
    });
    expect(list.body.map((s) => s._id)).toEqual([id]);
  });

  it("test-sends to a staff address only, records it in Activity, answers 502 with a refusal", async () => {
    const smtp = await mailServer((address) =>
      address === "nobody@example.com" ? { code: 550, message: "No such user" } : undefined,
    );
    const t = await createTestApp(withMail(smtp.port));
    const headers = await t.adminHeaders();
    for (const email of ["me@example.com", "nobody@example.com"]) {
      await t.app.services.admins.create(email, TEST_PASSWORD, "editor");
    }
    const payload = { subject: "Our news", body: "Hello **there**", previewText: "Soon" };
    // Anyone else: refused before the mail server hears of it, whatever the message.
    for (const to of ["stranger@example.com", "ME@example.org"]) {
      const refused = await call<{ error: string }>(t.app, {
        method: "POST",
        url: "/api/admin/newsletter/test",
        headers,
        payload: { ...payload, to },
      });
      expect(refused.status, to).toBe(400);
      expect(refused.body.error).toBe(NEWSLETTER_TEST_RECIPIENTS);
    }
    expect(smtp.inbox).toEqual([]);
    const ok = await call(t.app, {
      method: "POST",
      url: "/api/admin/newsletter/test",
      headers,
      payload: { ...payload, to: "me@example.com" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true });
    expect(smtp.inbox[0]!.mail.subject).toBe("[Test] Our news");
    const refused = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/admin/newsletter/test",
      headers,
      payload: { ...payload, to: "nobody@example.com" },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatch(/550|No such user/);
    const entries = await t.app.services.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "newsletter")
      .orderBy("at")
      .execute();
    expect(
      entries.map((entry) => [
        entry.action,
        entry.entity_id,
        (JSON.parse(entry.summary) as { after: unknown }).after,
      ]),
    ).toEqual([
      ["send-test", "message", { to: "me@example.com", subject: "Our news", accepted: true }],
      ["send-test", "message", { to: "nobody@example.com", subject: "Our news", accepted: false }],
    ]);
  });

  it("marks an address the server refuses (5xx) bounced, mails the rest, skips it later", async () => {
    const smtp = await mailServer((address) =>
      address === "reader1@example.com" ? { code: 550, message: "No such user" } : undefined,
    );
    const t = await createTestApp(withMail(smtp.port));
    const headers = await t.adminHeaders();
    const db = t.app.services.database.db;
    const readers = await insertSubscribers(db, 4);
    const first = await send(t, headers, { subject: "One", body: "First." });
    await waitFor(
      () => getSend(t, headers, first.body._id),
      (s) => s.state === "done",
      10_000,
    );
    expect(await getSend(t, headers, first.body._id)).toMatchObject({
      total: 4,
      sent: 3,
      failed: 1,
      waiting: 0,
    });
    const bounced = await db
      .selectFrom("newsletter_subscribers")
      .select("status")
      .where("id", "=", readers[1]!.id)
      .executeTakeFirstOrThrow();
    expect(bounced.status).toBe("bounced");
    const second = await send(t, headers, { subject: "Two", body: "Second." });
    await waitFor(
      () => getSend(t, headers, second.body._id),
      (s) => s.state === "done",
      10_000,
    );
    expect(await getSend(t, headers, second.body._id)).toMatchObject({ total: 3, sent: 3 });
    expect(smtp.inbox.filter((m) => m.rcptTo[0] === "reader1@example.com")).toEqual([]);
    expect(smtp.inbox).toHaveLength(6);
  });

  it("retries a temporary refusal (4xx) after the back-off", async () => {
    let refusals = 0;
    const smtp = await mailServer((address) =>
      address === "reader0@example.com" && refusals++ === 0
        ? { code: 451, message: "Try again later" }
        : undefined,
    );
    const time = testClock();
    const t = await createTestApp(withMail(smtp.port), { clock: time.clock });
    const headers = await t.adminHeaders();
    await insertSubscribers(t.app.services.database.db, 2);
    const created = await send(t, headers, { subject: "Later", body: "Text." });
    const id = created.body._id;
    await waitFor(
      () => getSend(t, headers, id),
      (s) => s.sent === 1 && s.waiting === 1,
      10_000,
    );
    const row = await t.app.services.database.db
      .selectFrom("newsletter_deliveries")
      .selectAll()
      .where("email", "=", "reader0@example.com")
      .executeTakeFirstOrThrow();
    expect(row.last_error).toMatch(/451|Try again/);
    expect(row.failed_at).toBeNull();
    await t.app.services.newsletterWorker.runNow();
    expect(smtp.inbox).toHaveLength(1);
    time.advance(16_000);
    await t.app.services.newsletterWorker.runNow();
    expect(await getSend(t, headers, id)).toMatchObject({ state: "done", sent: 2, failed: 0 });
    expect(smtp.inbox.map((m) => m.rcptTo[0]).sort()).toEqual([
      "reader0@example.com",
      "reader1@example.com",
    ]);
  });

  it("keeps to the rate per minute", async () => {
    const smtp = await mailServer();
    const time = testClock();
    const t = await createTestApp(withMail(smtp.port), { clock: time.clock });
    const headers = await t.adminHeaders();
    await insertSubscribers(t.app.services.database.db, 5);
    await call(t.app, {
      method: "PUT",
      url: "/api/admin/newsletter/settings",
      headers,
      payload: { ratePerMinute: 2 },
    });
    const { body } = await send(t, headers, { subject: "Slowly", body: "Text." });
    const worker = t.app.services.newsletterWorker;
    const sentAfter = async (ms: number) => {
      time.advance(ms);
      await worker.runNow();
      return (await getSend(t, headers, body._id)).sent;
    };
    // Two a minute: one a second at most (the minute's share), two in any 60 s.
    expect(await sentAfter(0)).toBe(1);
    expect(await sentAfter(1_100)).toBe(2);
    expect(await sentAfter(30_000)).toBe(2);
    expect(await sentAfter(31_000)).toBe(3);
    expect(await sentAfter(1_100)).toBe(4);
    expect(await sentAfter(61_000)).toBe(5);
    expect(await getSend(t, headers, body._id)).toMatchObject({ state: "done", waiting: 0 });
  });

  it("waits for a scheduled post to go public; shows the issue in the browser after", async () => {
    const smtp = await mailServer();
    const time = testClock();
    const t = await createTestApp(withMail(smtp.port), { clock: time.clock });
    const headers = await t.adminHeaders();
    await insertSubscribers(t.app.services.database.db, 2);
    const post = await publishedPost(t);
    const at = new Date(time.clock() + 3_600_000).toISOString();
    await t.app.services.database.db
      .updateTable("blogs")
      .set({ status: "scheduled", published_at: at })
      .where("id", "=", post.id)
      .execute();
    const created = await send(t, headers, { postId: post.id });
    expect(created.status).toBe(202);
    const id = created.body._id;
    await t.app.services.newsletterWorker.runNow();
    expect(await getSend(t, headers, id)).toMatchObject({ dueAt: at, waiting: 2, sent: 0 });
    expect(await t.app.services.newsletterSends.webView(id)).toBeUndefined();
    time.advance(3_600_001);
    await t.app.services.newsletterWorker.runNow();
    expect(await getSend(t, headers, id)).toMatchObject({ state: "done", sent: 2 });
    expect((await t.app.services.newsletterSends.webView(id))?.body).toBeDefined();
  });
});

describe("a newsletter in the browser", () => {
  it("shows a send's subject and body at /newsletter/:id, noindex; 404 for an unknown one", async () => {
    const smtp = await mailServer();
    const t = await createTestApp(withMail(smtp.port), {
      web: true,
      buildDirectory: inject("buildDir"),
    });
    const headers = await t.adminHeaders();
    const created = await send(t, headers, {
      subject: "News <of> the month",
      body: "# Highlights\n* A **bold** point",
    });
    const page = await t.app.inject({ method: "GET", url: `/newsletter/${created.body._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain("News &lt;of&gt; the month");
    expect(page.body).toContain("<strong>bold</strong>");
    expect(page.body).toMatch(/<meta name="robots" content="noindex"/);
    const unknown = await t.app.inject({ method: "GET", url: "/newsletter/nope" });
    expect(unknown.statusCode).toBe(404);
    // A message of its own never changes: kept like any public page.
    expect(page.headers["cache-control"]).toMatch(/^public, /);
  });

  it("shows a post's newsletter only while the post is on the site, never from a shared cache", async () => {
    const smtp = await mailServer();
    const t = await createTestApp(withMail(smtp.port), {
      web: true,
      buildDirectory: inject("buildDir"),
    });
    const headers = await t.adminHeaders();
    const post = await publishedPost(t, "Sent, then taken back");
    const created = await send(t, headers, { postId: post.id });
    expect(created.status).toBe(202);
    const url = `/newsletter/${created.body._id}`;
    const view = () => t.app.inject({ method: "GET", url });
    const shown = await view();
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain("Sent, then taken back");
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect((await view()).headers["cache-control"]).toBe("private, no-store");
    const setStatus = (status: string) => {
      const form = multipart({ status });
      return call(t.app, {
        method: "PATCH",
        url: `/api/blogs/${post.id}`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    };
    expect((await setStatus("draft")).status).toBe(200);
    const gone = await view();
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain("Sent, then taken back");
    expect((await setStatus("published")).status).toBe(200);
    expect((await view()).statusCode).toBe(200);
    await call(t.app, { method: "DELETE", url: `/api/blogs/${post.id}`, headers });
    expect((await view()).statusCode).toBe(404);
  });
});
