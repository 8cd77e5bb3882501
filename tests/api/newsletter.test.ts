import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, NEWSLETTER_CONSENT } from "../../common/newsletter.ts";
import { VISITOR_MAIL_LIMIT } from "../../common/schemas/mail.ts";
import type {
  AdminSubscriber,
  Subscriber,
  SubscriberImportResult,
} from "../../common/schemas/newsletter.ts";
import { confirmRenderer } from "../../server/modules/newsletter/confirm-mail.ts";
import { CONFIRM } from "../../server/modules/newsletter/delivery.ts";
import { linkToken } from "../../server/modules/newsletter/links.ts";
import { startMailServer } from "../support/mail-server.ts";
import { call, createTestApp, useTestApp, expectAdminOnly, multipart, waitFor } from "./helpers.ts";

type Answer = Subscriber & { error?: string };

describe("newsletter", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const subscribe = (email: unknown) =>
    call<Answer>(t.app, { method: "POST", url: "/api/newsletter", payload: { email } });
  const list = (query = "") =>
    call<AdminSubscriber[]>(t.app, { method: "GET", url: `/api/newsletter${query}`, headers });

  it("without mail: stores a new address confirmed with its consent, and answers a known one the same (201)", async () => {
    const first = await subscribe("Reader@Example.com ");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ email: "reader@example.com" });
    const again = await subscribe("reader@example.com");
    expect(again.status).toBe(201);
    // The time of this request, not the stored one: an old date would tell it was known.
    expect(again.body).toEqual({ ...first.body, date: again.body.date });
    expect(again.body.date >= first.body.date).toBe(true);
    const all = await list();
    const rows = all.body.filter((s) => s.email === "reader@example.com");
    expect(rows).toEqual([
      {
        ...first.body,
        status: "confirmed",
        statusAt: first.body.date,
        consentAt: first.body.date,
        consentSource: "api",
        consentText: NEWSLETTER_CONSENT,
      },
    ]);
  });

  it("keeps one row when the same address signs up many times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => subscribe("rush@example.com")),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    expect((await list("?q=rush")).body).toHaveLength(1);
  });

  it.each([
    ["", "Please fill in all required fields."],
    [undefined, "Please fill in all required fields."],
    ["not-an-address", "Please enter a valid email address."],
    [42, "Please fill in all required fields."],
  ])("refuses %j with 400", async (email, message) => {
    const { status, body } = await subscribe(email);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });

  it("lists newest first, searches, exports CSV and deletes", async () => {
    await subscribe("zed@agency.ng");
    const all = await list();
    expect(all.body[0]!.email).toBe("zed@agency.ng");
    expect(all.response.headers["x-total-count"]).toBe(String(all.body.length));
    expect((await list("?q=AGENCY.NG")).body.map((s) => s.email)).toEqual(["zed@agency.ng"]);
    const csv = await t.app.inject({ method: "GET", url: "/api/newsletter/export.csv", headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/subscribers-\d{4}-\d{2}-\d{2}\.csv/);
    const text = csv.rawPayload.toString("utf8");
    expect(
      text.startsWith(
        "\uFEFFEmail,Subscribed,Status,Consent given,Consent source,Consent wording\r\n",
      ),
    ).toBe(true);
    expect(text).toContain("zed@agency.ng,");
    const id = all.body[0]!._id;
    const deleted = await call(t.app, { method: "DELETE", url: `/api/newsletter/${id}`, headers });
    expect(deleted.body).toEqual({ success: true });
    expect((await list("?q=zed")).body).toEqual([]);
    // Erasure: the Activity entry keeps no trace of the address, not even masked.
    const logged = await t.app.services.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", id)
      .execute();
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toMatch(/zed|agency\.ng/);
    const again = await call<Answer>(t.app, {
      method: "DELETE",
      url: `/api/newsletter/${id}`,
      headers,
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("Subscriber not found.");
  });

  it("searches with % and _ taken literally", async () => {
    await subscribe("under_score@example.com");
    await subscribe("underxscore@example.com");
    expect((await list("?q=under_")).body.map((s) => s.email)).toEqual(["under_score@example.com"]);
    expect((await list("?q=%25")).body).toEqual([]);
    const tooLong = await list(`?q=${"x".repeat(201)}`);
    expect(tooLong.status).toBe(400);
  });

  it("exports the Lagos day of each sign-up and guards against spreadsheet formulas", async () => {
    const { body } = await subscribe("=cmd@evil.ng");
    expect(body.email).toBe("=cmd@evil.ng");
    // 23:30 UTC on Nov 22 is already Nov 23 in Lagos.
    await t.app.services.database.db
      .updateTable("newsletter_subscribers")
      .set({ created_at: "2026-11-22T23:30:00.000Z" })
      .where("id", "=", body._id)
      .execute();
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/newsletter/export.csv?q=evil",
      headers,
    });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.rawPayload.toString("utf8")).toMatch(
      /^\uFEFFEmail,Subscribed,Status,Consent given,Consent source,Consent wording\r\n'=cmd@evil\.ng,2026-11-23,confirmed,\d{4}-\d\d-\d\dT[\d:.]+Z,api,By subscribing you agree/,
    );
  });

  it("subscribes through the service the no-JavaScript form uses, keeping the page", async () => {
    const { subscribe: join } = t.app.services.newsletter;
    const first = await join({ email: "page-form@example.com", source: "/blog" });
    expect(first.pending).toBe(false);
    const second = await join({ email: "PAGE-FORM@example.com", source: "/" });
    expect(second.subscriber._id).toBe(first.subscriber._id);
    const [row] = await t.app.services.newsletter.list({ q: "page-form@" });
    expect(row).toMatchObject({ status: "confirmed", consentSource: "/blog" });
  });

  it("is public to join and admin-only to list, export and delete", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/newsletter" });
    await expectAdminOnly(t, { method: "GET", url: "/api/newsletter/export.csv" });
    await expectAdminOnly(t, { method: "DELETE", url: "/api/newsletter/x" });
    await expectAdminOnly(t, { method: "POST", url: "/api/newsletter/import" });
  });
});

describe("newsletter sign-ups from one address", () => {
  it("are limited: over RATE_LIMIT_PER_MINUTE answers 429 JSON, other addresses go on", async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const join = (email: string, remoteAddress: string) =>
        call<Answer>(t.app, {
          method: "POST",
          url: "/api/newsletter",
          payload: { email },
          remoteAddress,
        });
      expect((await join("one@example.com", "10.0.0.1")).status).toBe(201);
      expect((await join("two@example.com", "10.0.0.1")).status).toBe(201);
      const limited = await join("three@example.com", "10.0.0.1");
      expect(limited.status).toBe(429);
      expect(typeof limited.body.error).toBe("string");
      expect((await join("four@example.com", "10.0.0.2")).status).toBe(201);
      const emails = (await t.app.services.newsletter.list()).map((s) => s.email);
      expect(emails.sort()).toEqual(["four@example.com", "one@example.com", "two@example.com"]);
    } finally {
      await t.close();
    }
  });
});

describe("a paged subscriber list", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  // Seven subscribers, newest first; the last two share a time, so the id decides.
  const newestFirst = [
    { id: "00000000-0000-4000-8000-000000000007", email: "g@agency.ng", at: "2026-03-07" },
    { id: "00000000-0000-4000-8000-000000000006", email: "f@example.com", at: "2026-03-06" },
    { id: "00000000-0000-4000-8000-000000000005", email: "e@agency.ng", at: "2026-03-05" },
    { id: "00000000-0000-4000-8000-000000000004", email: "d@example.com", at: "2026-03-04" },
    { id: "00000000-0000-4000-8000-000000000003", email: "c@agency.ng", at: "2026-03-03" },
    { id: "00000000-0000-4000-8000-000000000002", email: "b@agency.ng", at: "2026-03-01" },
    { id: "00000000-0000-4000-8000-000000000001", email: "a@example.com", at: "2026-03-01" },
  ];
  const emails = (...indexes: number[]) => indexes.map((i) => newestFirst[i]!.email);

  beforeAll(async () => {
    headers = await t.adminHeaders();
    await t.app.services.database.db
      .insertInto("newsletter_subscribers")
      .values(
        // Inserted oldest first, so the order is the query's, not the table's.
        newestFirst.toReversed().map(({ id, email, at }) => ({
          id,
          email,
          created_at: `${at}T09:00:00.000Z`,
          status: "confirmed",
        })),
      )
      .execute();
  });

  const get = (query: string) =>
    call<Subscriber[]>(t.app, { method: "GET", url: `/api/newsletter${query}`, headers });
  const page = async (query: string) => {
    const { status, body, response } = await get(query);
    expect(status, query).toBe(200);
    return { emails: body.map((s) => s.email), total: response.headers["x-total-count"] };
  };

  it("answers one page, newest first (created_at, then id), with X-Total-Count", async () => {
    expect(await page("?page=1&pageSize=3")).toEqual({ emails: emails(0, 1, 2), total: "7" });
    expect(await page("?page=2&pageSize=3")).toEqual({ emails: emails(3, 4, 5), total: "7" });
    expect(await page("?page=3&pageSize=3")).toEqual({ emails: emails(6), total: "7" });
    expect(await page("?page=4&pageSize=3")).toEqual({ emails: [], total: "7" });
  });

  it("gives the first page for a size alone and 50 rows for a page alone", async () => {
    expect(await page("?pageSize=2")).toEqual({ emails: emails(0, 1), total: "7" });
    expect(await page("?page=1")).toEqual({ emails: emails(0, 1, 2, 3, 4, 5, 6), total: "7" });
    expect(await page("?page=2")).toEqual({ emails: [], total: "7" });
  });

  it("searches before paging: the total counts the matches", async () => {
    expect(await page("?q=AGENCY.ng&page=1&pageSize=2")).toEqual({
      emails: emails(0, 2),
      total: "4",
    });
    expect(await page("?q=agency.ng&page=2&pageSize=2")).toEqual({
      emails: emails(4, 5),
      total: "4",
    });
    expect(await page("?q=nobody&page=1&pageSize=2")).toEqual({ emails: [], total: "0" });
  });

  it("without page or pageSize still streams the whole list with X-Total-Count", async () => {
    const { status, body, response } = await get("");
    expect(status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["x-total-count"]).toBe("7");
    expect(body.map((s) => s.email)).toEqual(emails(0, 1, 2, 3, 4, 5, 6));
    expect(body[0]).toEqual({
      _id: newestFirst[0]!.id,
      email: "g@agency.ng",
      date: "2026-03-07T09:00:00.000Z",
      status: "confirmed",
      statusAt: "2026-03-07T09:00:00.000Z",
      consentAt: null,
      consentSource: null,
      consentText: null,
    });
    expect(await page("?q=example.com")).toEqual({ emails: emails(1, 3, 6), total: "3" });
  });

  it.each([
    ["?page=0", "Page must be 1 or more."],
    ["?page=-1&pageSize=10", "Page must be 1 or more."],
    ["?page=x", undefined],
    ["?page=1.5", undefined],
    ["?page=100001", undefined],
    ["?pageSize=0", "Page size must be between 1 and 500."],
    ["?pageSize=501", "Page size must be between 1 and 500."],
    ["?page=1&pageSize=abc", undefined],
  ])("refuses %s with 400 JSON", async (query, message) => {
    const { status, body, response } = await call<{ error: string }>(t.app, {
      method: "GET",
      url: `/api/newsletter${query}`,
      headers,
    });
    expect(status).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(typeof body.error).toBe("string");
    if (message) expect(body.error).toBe(message);
  });

  it("keeps the CSV export whole whatever the paging", async () => {
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/newsletter/export.csv?page=2&pageSize=1",
      headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.toString("utf8").trim().split("\r\n")).toHaveLength(8);
  });
});

/** A test clock: starts at the real time and moves only when a test moves it. */
function testClock() {
  let now = Date.now();
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

const DAY_MS = 86_400_000;

describe("double opt-in (mail configured)", () => {
  const time = testClock();
  let smtp: Awaited<ReturnType<typeof startMailServer>>;
  const t = useTestApp(
    async () => {
      smtp = await startMailServer();
      return { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "news@agency.test" };
    },
    { clock: time.clock },
  );
  afterAll(() => smtp.close());

  const db = () => t.app.services.database.db;
  const subscribe = (email: string, source?: string) =>
    call<Answer>(t.app, { method: "POST", url: "/api/newsletter", payload: { email, source } });
  const row = (email: string) =>
    db()
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
  const confirmMails = (subscriberId: string) =>
    db()
      .selectFrom("newsletter_deliveries")
      .selectAll()
      .where("subscriber_id", "=", subscriberId)
      .where("kind", "=", CONFIRM)
      .execute();
  const confirmToken = (stored: { id: string; confirm_nonce: string | null }) =>
    linkToken(t.config.tokenSecret, "confirm", stored.id, stored.confirm_nonce ?? "");
  const setStatus = (email: string, status: string) =>
    db().updateTable("newsletter_subscribers").set({ status }).where("email", "=", email).execute();

  it("answers 202 for a new and a known address alike; stores it pending with its consent and one confirmation mail", async () => {
    const first = await subscribe("New@Example.com", "/blog");
    expect(first.status).toBe(202);
    const stored = (await row("new@example.com"))!;
    const now = new Date(time.clock()).toISOString();
    expect(stored).toMatchObject({
      id: first.body._id,
      status: "pending",
      consent_at: now,
      consent_source: "/blog",
      consent_text: NEWSLETTER_CONSENT,
      confirm_expires_at: new Date(time.clock() + 7 * DAY_MS).toISOString(),
    });
    expect(stored.confirm_nonce).toBeTruthy();
    const [mail] = await confirmMails(stored.id);
    expect(mail).toMatchObject({ send_id: null, email: "new@example.com", next_attempt_at: now });

    time.advance(1000);
    const again = await subscribe("new@example.com");
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ ...first.body, date: new Date(time.clock()).toISOString() });
    // The same link, which lives 7 days from now; still one mail (issue 46: a mail with
    // the link may be on its way, and must not arrive dead).
    const renewed = (await row("new@example.com"))!;
    expect(renewed.confirm_nonce).toBe(stored.confirm_nonce);
    expect(renewed.confirm_expires_at).toBe(new Date(time.clock() + 7 * DAY_MS).toISOString());
    expect(renewed.consent_source).toBe("api");
    expect(await confirmMails(stored.id)).toHaveLength(1);
  });

  /** The confirmation links mailed to `email` so far, as tokens. */
  const mailedTokens = (email: string) =>
    smtp.inbox
      .filter((entry) => entry.rcptTo.includes(email))
      .map((entry) => /\/newsletter\/confirm\/([^\s"<]+)/.exec(entry.mail.text ?? "")?.[1] ?? "");

  it("mails a link that works when the address signs up again while its mail is being sent", async () => {
    const email = "did-it-work@example.com";
    // The mails of the tests before go first: the worker sends one at a time.
    await t.app.services.newsletterWorker.runNow();
    smtp.hold();
    try {
      await subscribe(email);
      // The worker (nudged by the sign-up) has rendered the mail and is sending it…
      await waitFor(
        async () => smtp.heldFor,
        (held) => held.includes(email),
        10_000,
      );
      // …when the visitor presses again.
      time.advance(1500);
      expect((await subscribe(email)).status).toBe(202);
    } finally {
      smtp.resume();
    }
    await waitFor(
      async () => mailedTokens(email),
      (tokens) => tokens.length === 1,
      10_000,
    );
    await t.app.services.newsletterWorker.runNow();
    const [token] = mailedTokens(email);
    expect(await t.app.services.newsletter.confirmable(token!)).toBe(true);
    expect(await t.app.services.newsletter.confirm(token!)).toBe(true);
    expect(mailedTokens(email)).toHaveLength(1);
  });

  it("mails one address at most once in ten minutes and three times a day, from any network", async () => {
    const email = "pressed-ten-times@example.com";
    const signUp = (i: number) =>
      call<Answer>(t.app, {
        method: "POST",
        url: "/api/newsletter",
        payload: { email },
        remoteAddress: `198.51.${i}.7`,
      });
    const sentSoFar = async () => {
      await t.app.services.newsletterWorker.runNow();
      return smtp.inbox.filter((entry) => entry.rcptTo.includes(email)).length;
    };
    for (let i = 0; i < 10; i++) {
      expect((await signUp(i)).status).toBe(202);
      await waitFor(sentSoFar, (n) => n >= 1, 10_000);
      time.advance(1500);
    }
    expect(await sentSoFar()).toBe(1);
    // Ten minutes after the first: a second; then a third; then none until a day has passed.
    time.advance(10 * 60_000);
    await signUp(20);
    await waitFor(sentSoFar, (n) => n === 2, 10_000);
    time.advance(10 * 60_000);
    await signUp(21);
    await waitFor(sentSoFar, (n) => n === 3, 10_000);
    time.advance(10 * 60_000);
    await signUp(22);
    expect(await sentSoFar()).toBe(3);
    time.advance(DAY_MS);
    await signUp(23);
    await waitFor(sentSoFar, (n) => n === 4, 10_000);
    // Every mail carried the same link, and it works.
    const tokens = new Set(mailedTokens(email));
    expect(tokens.size).toBe(1);
    expect(await t.app.services.newsletter.confirmable([...tokens][0]!)).toBe(true);
  });

  it("queues one confirmation mail when the same address signs up many times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => subscribe("rush-mail@example.com")),
    );
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    expect(await confirmMails(answers[0]!.body._id)).toHaveLength(1);
  });

  it("leaves confirmed and bounced addresses alone (same 202, no mail); an unsubscribed one must confirm again", async () => {
    for (const [email, status] of [
      ["kept@example.com", "confirmed"],
      ["bounced@example.com", "bounced"],
      ["left@example.com", "unsubscribed"],
    ] as const) {
      await subscribe(email);
      await setStatus(email, status);
      await db().deleteFrom("newsletter_deliveries").execute();
      // Past the per-address gap, so the limit does not decide.
      time.advance(VISITOR_MAIL_LIMIT.gapMinutes * 60_000);
      const answer = await subscribe(email, "/");
      expect(answer.status, email).toBe(202);
      const stored = (await row(email))!;
      const mails = await confirmMails(stored.id);
      if (status === "unsubscribed") {
        expect(stored).toMatchObject({ status: "pending", consent_source: "/" });
        expect(stored.consent_at).toBe(new Date(time.clock()).toISOString());
        expect(mails).toHaveLength(1);
      } else {
        expect(stored.status).toBe(status);
        expect(stored.consent_source).toBe("api");
        expect(mails).toEqual([]);
      }
    }
  });

  it("confirms by the link: reading it changes nothing, confirming works once", async () => {
    const { newsletter } = t.app.services;
    await subscribe("confirm-me@example.com");
    const stored = (await row("confirm-me@example.com"))!;
    const token = confirmToken(stored);

    // The mail the worker sends carries the absolute link.
    const [delivery] = await confirmMails(stored.id);
    const render = confirmRenderer({
      db: db(),
      secret: () => t.config.tokenSecret,
      origin: t.config.publicOrigin,
      identity: t.app.services.identity,
      clock: time.clock,
    });
    const mail = await render(delivery!);
    if (mail === "gone" || !("text" in mail)) throw new Error("no mail");
    expect(mail.to).toBe("confirm-me@example.com");
    expect(mail.text).toContain(`${t.config.publicOrigin}/newsletter/confirm/${token}`);
    expect(mail.text).toContain("expires in 7 days");
    expect(mail.html).toContain(`/newsletter/confirm/${token}`);

    expect(await newsletter.confirmable(token)).toBe(true);
    expect(await newsletter.confirmable(token)).toBe(true);
    expect((await row("confirm-me@example.com"))!.status).toBe("pending");
    expect(await newsletter.confirmable(`${stored.id}.forged`)).toBe(false);

    time.advance(60_000);
    expect(await newsletter.confirm(token)).toBe(true);
    expect(await row("confirm-me@example.com")).toMatchObject({
      status: "confirmed",
      status_at: new Date(time.clock()).toISOString(),
      consent_at: new Date(time.clock()).toISOString(),
      confirm_nonce: null,
    });
    expect(await newsletter.confirm(token)).toBe(false);
    expect(await newsletter.confirmable(token)).toBe(false);
    expect(await render(delivery!)).toBe("gone");
  });

  it("unsubscribes by the one-click link, for good; a bad link is refused", async () => {
    const { newsletter } = t.app.services;
    await subscribe("leaving@example.com");
    const stored = (await row("leaving@example.com"))!;
    expect(await newsletter.confirm(confirmToken(stored))).toBe(true);
    const token = linkToken(t.config.tokenSecret, "unsubscribe", stored.id);
    expect(newsletter.unsubscribeLinkValid(token)).toBe(true);
    expect(newsletter.unsubscribeLinkValid(`${stored.id}.x`)).toBe(false);
    expect(await newsletter.unsubscribe(`${stored.id}.x`)).toBe(false);
    expect((await row("leaving@example.com"))!.status).toBe("confirmed");
    expect(await newsletter.unsubscribe(token)).toBe(true);
    expect(await row("leaving@example.com")).toMatchObject({
      status: "unsubscribed",
      status_at: new Date(time.clock()).toISOString(),
    });
    // Again, and after erasure: the same success, nothing told.
    expect(await newsletter.unsubscribe(token)).toBe(true);
    await newsletter.remove(stored.id);
    expect(await newsletter.unsubscribe(token)).toBe(true);
  });

  it("refuses an expired link; removes pending addresses and their mails after 30 days", async () => {
    const { newsletter } = t.app.services;
    await subscribe("late@example.com");
    const stored = (await row("late@example.com"))!;
    time.advance(7 * DAY_MS + 1);
    expect(await newsletter.confirmable(confirmToken(stored))).toBe(false);
    expect(await newsletter.confirm(confirmToken(stored))).toBe(false);
    const render = confirmRenderer({
      db: db(),
      secret: () => t.config.tokenSecret,
      origin: t.config.publicOrigin,
      identity: t.app.services.identity,
      clock: time.clock,
    });
    expect(await render((await confirmMails(stored.id))[0]!)).toBe("gone");

    await subscribe("recent@example.com");
    time.advance(23 * DAY_MS);
    // The sweep runs before the next sign-up (or the back office's list).
    await subscribe("trigger@example.com");
    expect(await row("late@example.com")).toBeUndefined();
    expect(await confirmMails(stored.id)).toEqual([]);
    expect((await row("recent@example.com"))!.status).toBe("pending");
    expect((await row("kept@example.com"))!.status).toBe("confirmed");
  });
});

describe("subscriber import (CSV)", () => {
  const t = useTestApp();
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const upload = (csv: string | Buffer, filename = "list.csv") => {
    const form = multipart({}, [
      { field: "file", filename, contentType: "text/csv", data: Buffer.from(csv) },
    ]);
    return call<SubscriberImportResult & { error?: string }>(t.app, {
      method: "POST",
      url: "/api/newsletter/import",
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
  };
  const statusOf = async (email: string) =>
    (await t.app.services.newsletter.list({ q: email }))[0]?.status;

  it("adds new addresses confirmed with their consent; refuses rows without consent or address; never raises a known status", async () => {
    await t.app.services.newsletter.subscribe({ email: "gone@example.com" });
    await t.app.services.database.db
      .updateTable("newsletter_subscribers")
      .set({ status: "unsubscribed" })
      .where("email", "=", "gone@example.com")
      .execute();
    const csv = [
      "Name,EMAIL,Consent",
      "Ada,ada@example.com,Signed up at the Lagos expo 2026",
      "Gone,gone@example.com,Old list",
      "Bad,not-an-address,Yes",
      "Empty,nocons@example.com,",
      'Bola,BOLA@example.com,"Ticked the box, on paper"',
      "Ada again,ada@example.com,Twice",
    ].join("\r\n");
    const { status, body } = await upload(`\uFEFF${csv}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      added: 2,
      unchanged: 2,
      errors: [
        { line: 4, message: 'Not a valid e-mail address: "not-an-address".' },
        { line: 5, message: "The consent cell is empty." },
      ],
    });
    const [ada] = await t.app.services.newsletter.list({ q: "ada@" });
    expect(ada).toMatchObject({
      status: "confirmed",
      consentSource: "import",
      consentText: "Signed up at the Lagos expo 2026",
    });
    expect(await statusOf("bola@example.com")).toBe("confirmed");
    expect(await statusOf("gone@example.com")).toBe("unsubscribed");
    expect(await statusOf("nocons@example.com")).toBeUndefined();
  });

  it("refuses a file that is not CSV or lacks the header with 400 JSON", async () => {
    for (const file of [
      "ada@example.com,yes\r\n",
      "email\r\nada@example.com\r\n",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0xff]),
      'email,consent\r\n"unclosed,yes\r\n',
    ]) {
      const { status, body, response } = await upload(file);
      expect(status).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(body.error).toMatch(/not a CSV file|header row/);
    }
  });

  it("takes 50,000 rows in seconds", async () => {
    const lines = ["email,consent"];
    for (let i = 0; i < 50_000; i++) lines.push(`bulk${i}@example.com,Imported list 2024`);
    const started = performance.now();
    const { status, body } = await upload(lines.join("\n"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ added: 50_000, unchanged: 0, errors: [] });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await t.app.services.newsletter.count({ status: "confirmed" })).toBeGreaterThanOrEqual(
      50_000,
    );
  });

  it(
    "keeps the site answering within 100 ms while it imports 170,000 rows",
    { timeout: 120_000 },
    async () => {
      // Issue 46's file: 170,000 rows, just under 5 MB.
      const lines = ["email,consent"];
      for (let i = 0; i < 170_000; i++) {
        lines.push(`reader${String(i).padStart(6, "0")}@example.ng,Agree`);
      }
      const file = Buffer.from(lines.join("\n"));
      expect(file.length).toBeGreaterThan(4.8 * 1024 * 1024);
      expect(file.length).toBeLessThan(MAX_IMPORT_BYTES);
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "big.csv");
      let done = false;
      const importing = fetch(`${base}/api/newsletter/import`, { method: "POST", headers, body })
        .then(async (answer) => ({ status: answer.status, body: await answer.json() }))
        .finally(() => (done = true));
      // A load balancer's probe, asked again and again while the import runs. Each answer's
      // wait is measured twice: on the clock, and in the server thread's CPU time while it
      // was asked (this process is the server). A blocked server makes the probe wait for its
      // own work, which the CPU time counts; a machine busy with other programs slows the
      // clock's figure too, but adds nothing to this thread's CPU time.
      const waits: { ms: number; cpuMs: number }[] = [];
      while (!done) {
        const started = performance.now();
        const cpu = process.threadCpuUsage();
        const health = await fetch(`${base}/api/health`);
        await health.arrayBuffer();
        const used = process.threadCpuUsage(cpu);
        waits.push({ ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
        expect(health.status).toBe(200);
      }
      const answer = await importing;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ added: 170_000, unchanged: 0, errors: [] });
      const most = (key: "ms" | "cpuMs") => Math.round(Math.max(...waits.map((wait) => wait[key])));
      const seen = `${waits.length} probes, the longest ${most("ms")} ms (${most("cpuMs")} ms of the server's work)`;
      expect(waits.length, seen).toBeGreaterThan(20);
      expect(most("cpuMs"), seen).toBeLessThan(100);
    },
  );

  it("says how many rows a file may hold, and refuses one with more before storing any", async () => {
    const lines = ["email,consent"];
    for (let i = 0; i <= MAX_IMPORT_ROWS; i++) lines.push(`r${i}@x.co,y`);
    const before = await t.app.services.newsletter.count();
    const { status, body } = await upload(lines.join("\n"));
    expect(status).toBe(400);
    expect(body.error).toBe(
      `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows: split it into smaller files.`,
    );
    expect(await t.app.services.newsletter.count()).toBe(before);
  });
});
