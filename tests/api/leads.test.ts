import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import type { DueLeads, Lead, LeadNote, Pipeline } from "../../common/schemas/leads.ts";
import { addDays, dayIn } from "../../common/time-zone.ts";
import { wallClockInstant } from "../../server/modules/traffic/weekly-report.ts";
import { enquiryPayloads as payloads } from "../factories/enquiries.ts";
import { startMailServer, useMailServer } from "../support/mail-server.ts";
import {
  call,
  createTestApp,
  expectAdminOnly,
  sameDatabase,
  TEST_PASSWORD,
  useTestApp,
  type TestApp,
} from "./helpers.ts";

// The lead pipeline (issue 52, item 1) on SQLite and PostgreSQL: owner (mailed through a real
// SMTP server), stage and the lost reason, value, follow-up date, notes in Activity, the
// board's filters and values, the dashboard's due list and the morning mail.

type Answer<T> = T & { error?: string };

async function signIn(t: TestApp, email: string) {
  await t.app.services.admins.create(email, TEST_PASSWORD);
  const login = await call<{ token: string }>(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: TEST_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.body.token}` };
  const row = await t.app.services.database.db
    .selectFrom("admins")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return { headers, id: row.id };
}

describe("the lead pipeline", () => {
  const smtp = useMailServer();
  const t = useTestApp(() => ({
    ...smtp.env(),
    MAIL_FROM: "website@agency.test",
    PUBLIC_ORIGIN: "https://agency.test",
  }));
  let ada: { headers: { authorization: string }; id: string };
  let bola: { headers: { authorization: string }; id: string };
  beforeAll(async () => {
    ada = await signIn(t, "ada@agency.test");
    bola = await signIn(t, "bola@agency.test");
  });
  const send = async (payload: object) =>
    (await call<Enquiry>(t.app, { method: "POST", url: "/api/contact", payload })).body;
  const patch = (id: string, payload: object, headers = ada.headers) =>
    call<Answer<Lead>>(t.app, { method: "PATCH", url: `/api/leads/${id}`, headers, payload });
  const board = (query = "") =>
    call<Pipeline>(t.app, { method: "GET", url: `/api/leads${query}`, headers: ada.headers });

  it("is for staff only", async () => {
    const enquiry = await send(payloads.home);
    await expectAdminOnly(t, { method: "GET", url: "/api/leads" });
    await expectAdminOnly(t, { method: "GET", url: `/api/leads/${enquiry._id}` });
    await expectAdminOnly(t, {
      method: "PATCH",
      url: `/api/leads/${enquiry._id}`,
      payload: { stage: "contacted" },
    });
    await expectAdminOnly(t, { method: "GET", url: "/api/leads/due" });
  });

  it("starts New and nobody's, then takes an owner, who is mailed, a value and a stage", async () => {
    const enquiry = await send({ ...payloads.package, name: "Owned Obi" });
    const fresh = await call<Lead>(t.app, {
      method: "GET",
      url: `/api/leads/${enquiry._id}`,
      headers: ada.headers,
    });
    expect(fresh.body).toMatchObject({
      stage: "new",
      ownerId: null,
      value: null,
      followUpOn: null,
    });

    const before = smtp.inbox.length;
    const set = await patch(enquiry._id, { ownerId: bola.id, value: 250000, stage: "contacted" });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      ownerId: bola.id,
      ownerName: "bola@agency.test",
      stage: "contacted",
      value: 250000,
    });
    await smtp.received(before + 1);
    const mail = smtp.inbox.find(({ rcptTo }) => rcptTo.includes("bola@agency.test"))!.mail;
    expect(mail.subject).toContain("a lead is yours: Owned Obi");
    expect(mail.text).toContain(`https://agency.test/admin/enquiries/${enquiry._id}`);
    // Taking a lead oneself mails no one.
    const other = await send({ ...payloads.home, name: "Self Sade" });
    const count = smtp.inbox.length;
    expect((await patch(other._id, { ownerId: ada.id })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.length).toBe(count);
    // The rest stays as it was when one field changes.
    const moved = await patch(enquiry._id, { stage: "proposal" });
    expect(moved.body).toMatchObject({ ownerId: bola.id, value: 250000, stage: "proposal" });
  });

  it("needs a reason to lose a lead, and refuses bad input with 400 JSON", async () => {
    const enquiry = await send(payloads.home);
    const bad: [object, RegExp][] = [
      [{ stage: "lost" }, /why the lead was lost/],
      [{ stage: "lost", lostReason: "  " }, /why the lead was lost/],
      [{ stage: "maybe" }, /Stage must be one of/],
      [{ value: -1 }, /negative/],
      [{ value: 10.5 }, /whole naira/],
      [{ value: "lots" }, /number of naira/],
      [{ followUpOn: "2026-02-30" }, /real day/],
      [{ ownerId: "nobody" }, /no staff member/],
    ];
    for (const [payload, message] of bad) {
      const { status, body, response } = await patch(enquiry._id, payload);
      expect(`${JSON.stringify(payload)}: ${status}`).toBe(`${JSON.stringify(payload)}: 400`);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(body.error).toMatch(message);
    }
    expect((await patch("no-such-enquiry", { stage: "won" })).status).toBe(404);
    const lost = await patch(enquiry._id, { stage: "lost", lostReason: "Budget too small" });
    expect(lost.body).toMatchObject({ stage: "lost", lostReason: "Budget too small" });
    // Back in the pipeline, the reason goes.
    expect((await patch(enquiry._id, { stage: "contacted" })).body.lostReason).toBeNull();
  });

  it("keeps notes with their time and author, in Activity too", async () => {
    const enquiry = await send({ ...payloads.service, name: "Noted Nkem" });
    const url = `/api/leads/${enquiry._id}/notes`;
    const first = await call<LeadNote>(t.app, {
      method: "POST",
      url,
      headers: ada.headers,
      payload: { body: "Called, wants a quote by Friday." },
    });
    expect(first.status).toBe(201);
    await call(t.app, {
      method: "POST",
      url,
      headers: bola.headers,
      payload: { body: "Sent it." },
    });
    const empty = await call<Answer<object>>(t.app, {
      method: "POST",
      url,
      headers: ada.headers,
      payload: { body: " " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/write the note/);
    const notes = await call<LeadNote[]>(t.app, { method: "GET", url, headers: ada.headers });
    expect(notes.body.map((n) => [n.authorName, n.body])).toEqual([
      ["ada@agency.test", "Called, wants a quote by Friday."],
      ["bola@agency.test", "Sent it."],
    ]);
    expect(Date.parse(notes.body[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const activity = await call<{
      entries: { action: string; entityId: string; actorEmail: string }[];
    }>(t.app, { method: "GET", url: "/api/audit?type=enquiry", headers: ada.headers });
    const entries = activity.body.entries.filter((e) => e.entityId === enquiry._id);
    expect(entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ["note", "bola@agency.test"],
      ["note", "ada@agency.test"],
    ]);
  });

  it("shows each stage's leads, count and value, filtered by owner, stage and source", async () => {
    const a = await send({ ...payloads.home, name: "Board A", source: { utmSource: "facebook" } });
    const b = await send({ ...payloads.home, name: "Board B", source: { utmSource: "google" } });
    const c = await send({ ...payloads.home, name: "Board C", source: { utmSource: "facebook" } });
    await patch(a._id, { stage: "proposal", value: 100000, ownerId: ada.id });
    await patch(b._id, { stage: "proposal", value: 50000, ownerId: bola.id });
    await patch(c._id, { stage: "won", value: 300000, ownerId: ada.id });
    const all = await board();
    expect(all.status).toBe(200);
    expect(all.body.stages.map((s) => s.stage)).toEqual([
      "new",
      "contacted",
      "proposal",
      "won",
      "lost",
    ]);
    const proposal = all.body.stages.find((s) => s.stage === "proposal")!;
    expect(proposal.leads.map((l) => l.name)).toEqual(
      expect.arrayContaining(["Board A", "Board B"]),
    );
    const mine = await board(`?owner=${ada.id}&source=facebook`);
    const names = mine.body.stages.flatMap((s) => s.leads.map((l) => [s.stage, l.name]));
    expect(names).toEqual(
      expect.arrayContaining([
        ["proposal", "Board A"],
        ["won", "Board C"],
      ]),
    );
    expect(names).not.toContainEqual(["proposal", "Board B"]);
    const value = (p: Pipeline, stage: string) => p.stages.find((s) => s.stage === stage)!.value;
    expect(value(mine.body, "won")).toBe(300000);
    const google = await board("?source=google&stage=proposal");
    expect(google.body.stages).toHaveLength(1);
    expect(google.body.stages[0]).toMatchObject({ stage: "proposal", count: 1, value: 50000 });
    const nobody = await board("?owner=none");
    expect(nobody.body.stages.flatMap((s) => s.leads).every((l) => l.ownerId === null)).toBe(true);
    expect((await board("?stage=maybe")).status).toBe(400);
  });

  it("lists the open leads due today or earlier for the dashboard", async () => {
    const today = dayIn(Date.now());
    const due = await send({ ...payloads.home, name: "Due Dupe" });
    const later = await send({ ...payloads.home, name: "Later Lami" });
    const won = await send({ ...payloads.home, name: "Won Wale" });
    await patch(due._id, { followUpOn: addDays(today, -1), ownerId: ada.id });
    await patch(later._id, { followUpOn: addDays(today, 1), ownerId: ada.id });
    await patch(won._id, { followUpOn: today, stage: "won", ownerId: ada.id });
    const list = await call<DueLeads>(t.app, {
      method: "GET",
      url: "/api/leads/due?mine=1",
      headers: ada.headers,
    });
    expect(list.body.day).toBe(today);
    const names = list.body.leads.map((l) => l.name);
    expect(names).toContain("Due Dupe");
    expect(names).not.toContain("Later Lami");
    expect(names).not.toContain("Won Wale");
    const bolas = await call<DueLeads>(t.app, {
      method: "GET",
      url: "/api/leads/due?mine=1",
      headers: bola.headers,
    });
    expect(bolas.body.leads.map((l) => l.name)).not.toContain("Due Dupe");
  });

  it("goes with its enquiry when the enquiry is deleted", async () => {
    const enquiry = await send(payloads.home);
    await patch(enquiry._id, { stage: "contacted" });
    await call(t.app, {
      method: "POST",
      url: `/api/leads/${enquiry._id}/notes`,
      headers: ada.headers,
      payload: { body: "x" },
    });
    await call(t.app, {
      method: "DELETE",
      url: `/api/contact/${enquiry._id}`,
      headers: ada.headers,
    });
    const { db } = t.app.services.database;
    expect(
      await db.selectFrom("leads").where("enquiry_id", "=", enquiry._id).selectAll().execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom("lead_notes").where("enquiry_id", "=", enquiry._id).selectAll().execute(),
    ).toEqual([]);
  });
});

describe("the morning follow-up mail", () => {
  it("goes once a day at 08:00 Lagos to each owner of open leads due, listing them", async () => {
    const smtp = await startMailServer();
    onTestFinished(() => smtp.close());
    const day = dayIn(Date.now());
    const eight = wallClockInstant(day, 8);
    let now = eight - 3_600_000; // 07:00
    const clock = () => now;
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_ORIGIN: "https://agency.test" };
    const t = await createTestApp(env, { clock });
    const ada = await signIn(t, "ada@agency.test");
    const bola = await signIn(t, "bola@agency.test");
    const send = async (name: string) =>
      (
        await call<Enquiry>(t.app, {
          method: "POST",
          url: "/api/contact",
          payload: { ...payloads.home, name },
        })
      ).body;
    const patch = (id: string, payload: object) =>
      call(t.app, { method: "PATCH", url: `/api/leads/${id}`, headers: ada.headers, payload });
    const one = await send("Morning Musa");
    const two = await send("Morning Ngozi");
    const closed = await send("Closed Chidi");
    await patch(one._id, { ownerId: ada.id, followUpOn: day, value: 180000 });
    await patch(two._id, { ownerId: ada.id, followUpOn: addDays(day, -2) });
    await patch(closed._id, { ownerId: bola.id, followUpOn: day, stage: "lost", lostReason: "No" });
    const morning = () =>
      smtp.inbox.filter(({ mail }) => mail.subject?.includes("to follow up today"));
    // Before 08:00 nothing; then one mail to Ada; Bola's only lead is closed.
    await t.app.services.leadMails.queueDue();
    expect(morning()).toHaveLength(0);
    now = eight + 60_000;
    await t.app.services.leadMails.queueDue();
    await expect.poll(() => morning().length, { timeout: 15_000 }).toBe(1);
    const { mail, rcptTo } = morning()[0]!;
    expect(rcptTo).toEqual(["ada@agency.test"]);
    expect(mail.subject).toContain("2 leads to follow up today");
    expect(mail.text).toContain("Morning Musa");
    expect(mail.text).toContain("N180,000");
    expect(mail.text).toContain("Morning Ngozi");
    expect(mail.text).not.toContain("Closed Chidi");
    // A second instance on the same database writes no second mail.
    const other = await createTestApp({ ...env, ...sameDatabase(t) }, { clock });
    expect(await other.app.services.leadMails.queueDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(morning()).toHaveLength(1);
  });
});
