import { beforeAll, describe, expect, it } from "vitest";
import type { Subscriber } from "../../common/schemas/newsletter.ts";
import { call, createTestApp, useTestApp, expectAdminOnly } from "./helpers.ts";

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
    call<Subscriber[]>(t.app, { method: "GET", url: `/api/newsletter${query}`, headers });

  it("subscribes an address (201), and a second sign-up answers 200 without a duplicate", async () => {
    const first = await subscribe("Reader@Example.com ");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ email: "reader@example.com" });
    const again = await subscribe("reader@example.com");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const all = await list();
    expect(all.body.filter((s) => s.email === "reader@example.com")).toHaveLength(1);
  });

  it("keeps one row when the same address signs up many times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => subscribe("rush@example.com")),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
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
    expect(text.startsWith("\uFEFFEmail,Subscribed\r\n")).toBe(true);
    expect(text).toContain("zed@agency.ng,");
    const id = all.body[0]!._id;
    const deleted = await call(t.app, { method: "DELETE", url: `/api/newsletter/${id}`, headers });
    expect(deleted.body).toEqual({ success: true });
    expect((await list("?q=zed")).body).toEqual([]);
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
    expect(csv.rawPayload.toString("utf8")).toBe(
      "\uFEFFEmail,Subscribed\r\n'=cmd@evil.ng,2026-11-23\r\n",
    );
  });

  it("subscribes through the service the no-JavaScript form uses", async () => {
    const { subscribe: join } = t.app.services.newsletter;
    const first = await join("page-form@example.com");
    expect(first.created).toBe(true);
    const second = await join("PAGE-FORM@example.com");
    expect(second).toEqual({ subscriber: first.subscriber, created: false });
  });

  it("is public to join and admin-only to list, export and delete", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/newsletter" });
    await expectAdminOnly(t, { method: "GET", url: "/api/newsletter/export.csv" });
    await expectAdminOnly(t, { method: "DELETE", url: "/api/newsletter/x" });
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
