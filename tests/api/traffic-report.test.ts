import { randomUUID } from "node:crypto";
import { describe, expect, it, onTestFinished } from "vitest";
import { addDays, dayIn, dayStart, mondayOf } from "../../common/time-zone.ts";
import { TRAFFIC_REPORT } from "../../server/modules/outbox/repository.ts";
import { reportSubject, wallClockInstant } from "../../server/modules/traffic/weekly-report.ts";
import { startMailServer } from "../support/mail-server.ts";
import { call, createTestApp, sameDatabase, TEST_PASSWORD, type TestApp } from "./helpers.ts";

// The weekly traffic report (issue 33): on the test clock, against a real SMTP server. Sunday
// night nothing goes; on Monday 08:00 (the site's time zone) each owner with the report on
// gets one mail about the week before, whatever the number of checks and of instances on
// the database; editors and owners who turned it off get none. The figures are those of the
// rows written here. And the switch through the API.

/** The Monday of the report: next week's, so every account made now was there before it. */
const monday = addDays(mondayOf(dayIn(Date.now())), 7);
const week = { from: addDays(monday, -7), to: addDays(monday, -1) };
const dueAt = wallClockInstant(monday, 8);

async function signIn(t: TestApp, email: string) {
  const answer = await call<{ token: string }>(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: TEST_PASSWORD },
  });
  return { authorization: `Bearer ${answer.body.token}` };
}

/** Visits and enquiries of the reported week and of the week before. */
async function writeFigures(t: TestApp) {
  const db = t.app.services.database.db;
  const visitors = [
    // day, source, device, visitors, views
    [week.from, "", "mobile", 700, 1500],
    [addDays(week.from, 3), "google.com", "desktop", 400, 900],
    [week.to, "whatsapp", "mobile", 134, 200],
    // The week before.
    [addDays(week.from, -2), "", "mobile", 1000, 2000],
    // The Monday of the report is not in it.
    [monday, "", "mobile", 99, 99],
  ] as const;
  await db
    .insertInto("traffic_visitors")
    .values(
      visitors.map(([day, source, device, v, views]) => ({
        day,
        source,
        campaign: "",
        device,
        visitors: v,
        views,
      })),
    )
    .execute();
  const pages = [
    [week.from, "/", "", 650],
    [week.from, "/contact", "", 120],
    [addDays(week.from, 3), "/pricing", "google.com", 300],
    [week.to, "/blog/<b>growth</b>", "whatsapp", 90],
  ] as const;
  await db
    .insertInto("traffic_pages")
    .values(
      pages.map(([day, path, source, v]) => ({
        day,
        path,
        source,
        device: "mobile",
        visitors: v,
        views: v * 2,
      })),
    )
    .execute();
  const enquiry = async (at: string, fields: { page?: string; utm?: string; status?: string }) =>
    db
      .insertInto("enquiries")
      .values({
        id: randomUUID(),
        status: fields.status ?? "new",
        company_name: "",
        name: "Visitor",
        email: "visitor@example.com",
        phone_number: "",
        options: "[]",
        service_type: "Social Media Marketing",
        message: "",
        package: "",
        instagram: "",
        website: "",
        preferred_date: "",
        source_page: fields.page ?? null,
        utm_source: fields.utm ?? null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  // Five in the week (the first one at its very start), a spam one, two the week before.
  await enquiry(dayStart(week.from), { page: "/contact" });
  await enquiry(dayStart(week.from, 1), { page: "/contact" });
  await enquiry(dayStart(week.from, 3), { page: "/pricing", utm: "google.com" });
  await enquiry(dayStart(week.from, 4), { page: "/pricing", utm: "google.com" });
  await enquiry(new Date(Date.parse(dayStart(week.to, 1)) - 1).toISOString(), { utm: "whatsapp" });
  await enquiry(dayStart(week.from, 2), { status: "spam" });
  await enquiry(dayStart(week.from, -3), {});
  await enquiry(dayStart(week.from, -2), {});
}

describe("the weekly traffic report", () => {
  it("goes once to each owner with it on, on Monday 08:00, with the week's figures", async () => {
    const smtp = await startMailServer();
    onTestFinished(() => smtp.close());
    let now = dueAt - 9 * 3_600_000; // Sunday 23:00
    const clock = () => now;
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_ORIGIN: "https://agency.test" };
    const t = await createTestApp(env, { clock });
    const { admins } = t.app.services;

    const owner = "owner@example.com";
    const quiet = "quiet@example.com";
    const editor = "editor@example.com";
    await admins.create(owner, TEST_PASSWORD);
    await admins.create(quiet, TEST_PASSWORD);
    await admins.create(editor, TEST_PASSWORD, "editor");
    await writeFigures(t);

    // The switch: on by default for an owner, off and refused for an editor.
    const quietHeaders = await signIn(t, quiet);
    const editorHeaders = await signIn(t, editor);
    const me = (headers: Record<string, string>) =>
      call<{ weeklyReport: boolean }>(t.app, { method: "GET", url: "/api/auth/me", headers });
    expect((await me(quietHeaders)).body.weeklyReport).toBe(true);
    expect((await me(editorHeaders)).body.weeklyReport).toBe(false);
    const off = await call<{ weeklyReport: boolean; name: string }>(t.app, {
      method: "PATCH",
      url: "/api/auth/me",
      headers: quietHeaders,
      payload: { weeklyReport: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ weeklyReport: false, name: "" });
    expect((await me(quietHeaders)).body.weeklyReport).toBe(false);
    const refused = await call<{ error: string }>(t.app, {
      method: "PATCH",
      url: "/api/auth/me",
      headers: editorHeaders,
      payload: { weeklyReport: true, name: "Sneaky" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Only an owner gets the weekly traffic report.");
    expect((await me(editorHeaders)).body).toMatchObject({ weeklyReport: false, name: "" });
    for (const payload of [{}, { weeklyReport: "yes" }]) {
      const bad = await call<{ error: string }>(t.app, {
        method: "PATCH",
        url: "/api/auth/me",
        headers: quietHeaders,
        payload,
      });
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.error).toEqual(expect.any(String));
    }

    // Sunday 23:00, then a minute before 08:00 on Monday: nothing yet.
    const report = t.app.services.weeklyReport;
    expect(await report.queueDue()).toBe(0);
    now = dueAt - 60_000;
    expect(await report.queueDue()).toBe(0);
    await t.app.services.outbox.runNow();
    expect(smtp.inbox).toHaveLength(0);

    // Monday 08:00: one row, for the owner with it on; the outbox sends it.
    now = dueAt;
    expect(await report.queueDue()).toBe(1);
    await smtp.received(1);
    await t.app.services.outbox.runNow();
    expect(await report.queueDue()).toBe(0);

    // An owner who joins after 08:00 gets next week's report, not this one.
    await admins.create("late@example.com", TEST_PASSWORD);
    await t.app.services.database.db
      .updateTable("admins")
      .set({ created_at: new Date(dueAt + 3_600_000).toISOString() })
      .where("email", "=", "late@example.com")
      .execute();

    // Another instance on the same database checks too (its memory is fresh): the row is
    // there already, and the late owner is not due.
    const other = await createTestApp({ ...env, ...sameDatabase(t) }, { clock });
    expect(await other.app.services.weeklyReport.queueDue()).toBe(0);
    await other.app.services.outbox.runNow();
    await t.app.services.outbox.runNow();
    expect(smtp.inbox.map((m) => m.rcptTo)).toEqual([[owner]]);

    const rows = await t.app.services.database.db
      .selectFrom("notification_outbox")
      .select(["subject_id", "kind", "sent_at"])
      .where("kind", "=", TRAFFIC_REPORT)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject_id).toMatch(new RegExp(`/${monday}$`));
    expect(rows[0]!.sent_at).not.toBeNull();

    // The figures: 1,234 visitors (1,000 before), 2,600 views, 5 enquiries (2 before).
    const mail = smtp.inbox[0]!.mail;
    expect(mail.subject).toMatch(/^Weekly report: 1,234 visitors, 5 enquiries \(\w{3} \d+–/);
    const text = mail.text!;
    expect(text).toContain("Visitors: 1,234 (week before: 1,000; +23%)");
    expect(text).toContain("Page views: 2,600 (week before: 2,000; +30%)");
    expect(text).toContain("Enquiries: 5 (week before: 2; +150%)");
    expect(text).toContain("Conversion: 0.4% (week before: 0.2%; +0.2 pts)");
    expect(text).toContain("1. /: 650 visitors, 0 enquiries, conversion 0%");
    expect(text).toContain("2. /pricing: 300 visitors, 2 enquiries, conversion 0.7%");
    expect(text).toContain("3. /contact: 120 visitors, 2 enquiries, conversion 1.7%");
    expect(text).toContain("1. Direct: 700 visitors, 2 enquiries, conversion 0.3%");
    expect(text).toContain("2. google: 400 visitors, 2 enquiries, conversion 0.5%");
    expect(text).toContain("3. whatsapp: 134 visitors, 1 enquiry, conversion 0.7%");
    expect(text).toContain(`https://agency.test/admin/traffic?from=${week.from}&to=${week.to}`);
    expect(text).toContain("https://agency.test/admin/account");
    const html = String(mail.html);
    expect(html).toContain("/blog/&#60;b&#62;growth&#60;/b&#62;");
    expect(html).toContain(
      `href="https://agency.test/admin/traffic?from=${week.from}&#38;to=${week.to}"`,
    );
    expect(html).toContain("My account");
  });

  it("drops a queued report whose owner turned it off or left, and writes nothing without mail", async () => {
    const smtp = await startMailServer();
    onTestFinished(() => smtp.close());
    const clock = () => dueAt + 3_600_000;
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    const t = await createTestApp(env, { clock });
    const { db } = t.app.services.database;
    await t.app.services.admins.create("owner@example.com", TEST_PASSWORD);
    const admin = await db
      .selectFrom("admins")
      .select("id")
      .where("email", "=", "owner@example.com")
      .executeTakeFirstOrThrow();
    await db.updateTable("admins").set({ weekly_report: 0 }).execute();
    const now = new Date(clock()).toISOString();
    await db
      .insertInto("notification_outbox")
      .values(
        [reportSubject(admin.id, monday), reportSubject(randomUUID(), monday)].map((subject) => ({
          id: randomUUID(),
          subject_id: subject,
          kind: TRAFFIC_REPORT,
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();
    expect(await t.app.services.weeklyReport.queueDue()).toBe(0);
    await t.app.services.outbox.runNow();
    const left = await db.selectFrom("notification_outbox").select("id").execute();
    expect(left).toEqual([]);
    expect(smtp.inbox).toHaveLength(0);

    // Without mail: no row, however late in the week.
    const plain = await createTestApp({}, { clock });
    await plain.app.services.admins.create("owner@example.com", TEST_PASSWORD);
    expect(await plain.app.services.weeklyReport.queueDue()).toBe(0);
    const none = await plain.app.services.database.db
      .selectFrom("notification_outbox")
      .select("id")
      .execute();
    expect(none).toEqual([]);
  });

  it("shows a report that failed on the Mail screen, as a weekly report to its owner", async () => {
    const t = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    const headers = await t.adminHeaders();
    const { db } = t.app.services.database;
    const owner = await db.selectFrom("admins").select(["id", "email"]).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("notification_outbox")
      .values({
        id: randomUUID(),
        subject_id: reportSubject(owner.id, monday),
        kind: TRAFFIC_REPORT,
        attempts: 1,
        next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
        last_error: "connect ECONNREFUSED 127.0.0.1:9",
        created_at: now,
      })
      .execute();
    const overview = await call<{ failures: { kind: string; to: string | null }[] }>(t.app, {
      method: "GET",
      url: "/api/mail",
      headers,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.failures).toMatchObject([{ kind: TRAFFIC_REPORT, to: owner.email }]);
  });
});
