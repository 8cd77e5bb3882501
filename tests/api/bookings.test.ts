import { describe, expect, it } from "vitest";
import { SLOT_NOT_OFFERED, SLOT_TAKEN, type Slot } from "../../common/booking.ts";
import type { Booking, BookingWeek } from "../../common/schemas/booking.ts";
import type { Enquiry } from "../../common/schemas/enquiry.ts";
import { dayIn, timestampIn } from "../../common/time-zone.ts";
import { useMailServer } from "../support/mail-server.ts";
import { call, expectAdminOnly, useTestApp, type TestApp } from "./helpers.ts";

// Free consultations in real slots (issue 52, item 4) on SQLite and PostgreSQL: the slots
// (office hours, Lagos time, buffer, days off, the past), booking and its 409, the week
// view, staff cancelling, the visitor's links (once, until the start, a wrong one 404) and
// the invitation mails through a real SMTP server.

/** Monday 10 June 2030, 09:10 in Lagos (08:10 UTC). */
const NOW = Date.parse("2030-06-10T08:10:00Z");
let now = NOW;
const options = { clock: () => now };

const visitor = {
  name: "Emeka Eze",
  email: "emeka@example.com",
  phone: "8091112222",
  message: "Can we talk about Instagram ads?",
};

type Answer<T> = T & { error?: string };

const slotsOf = async (t: TestApp) =>
  (await call<{ slots: Slot[] }>(t.app, { method: "GET", url: "/api/bookings/slots" })).body.slots;
const book = (t: TestApp, slot: string, extra: object = {}) =>
  call<Answer<Booking>>(t.app, {
    method: "POST",
    url: "/api/bookings",
    payload: { ...visitor, slot, ...extra },
  });
const setBooking = async (t: TestApp, payload: object) => {
  const answer = await call(t.app, {
    method: "PUT",
    url: "/api/settings/booking",
    headers: await t.adminHeaders(),
    payload,
  });
  expect(answer.status).toBe(200);
};
const lagos = (slots: Slot[]) => slots.map((slot) => timestampIn(slot.start));

describe("consultation slots and bookings", () => {
  const t = useTestApp({}, options);

  it("offers the office hours of the next 14 days, Lagos time, from now on", async () => {
    now = NOW;
    const slots = await slotsOf(t);
    // 30 minutes and 30 of buffer: one an hour from 08:00, the last at 16:00 (ends 16:30).
    expect(lagos(slots).slice(0, 8)).toEqual([
      "2030-06-10 10:00",
      "2030-06-10 11:00",
      "2030-06-10 12:00",
      "2030-06-10 13:00",
      "2030-06-10 14:00",
      "2030-06-10 15:00",
      "2030-06-10 16:00",
      "2030-06-11 08:00",
    ]);
    expect(slots[0]).toEqual({
      start: "2030-06-10T09:00:00.000Z",
      end: "2030-06-10T09:30:00.000Z",
    });
    const days = [...new Set(slots.map((slot) => dayIn(slot.start)))];
    // Mon–Sat of two weeks; no Sunday (16 and 23 June).
    expect(days).toEqual([
      "2030-06-10",
      "2030-06-11",
      "2030-06-12",
      "2030-06-13",
      "2030-06-14",
      "2030-06-15",
      "2030-06-17",
      "2030-06-18",
      "2030-06-19",
      "2030-06-20",
      "2030-06-21",
      "2030-06-22",
    ]);
    expect(slots).toHaveLength(7 + 11 * 9);
  });

  it("leaves out the days off and follows the office hours of the contact settings", async () => {
    await setBooking(t, { slotMinutes: "60", bufferMinutes: "0", daysOff: ["2030-06-11"] });
    const contact = (
      await call<Record<string, unknown>>(t.app, { method: "GET", url: "/api/settings/contact" })
    ).body;
    const headers = await t.adminHeaders();
    const put = await call(t.app, {
      method: "PUT",
      url: "/api/settings/contact",
      headers,
      payload: { ...contact, openSaturday: false, opensAt: "09:00", closesAt: "12:00" },
    });
    expect(put.status).toBe(200);
    const slots = await slotsOf(t);
    const days = new Set(slots.map((slot) => dayIn(slot.start)));
    expect(days.has("2030-06-11")).toBe(false);
    expect(days.has("2030-06-15")).toBe(false);
    expect(lagos(slots).slice(0, 4)).toEqual([
      "2030-06-10 10:00",
      "2030-06-10 11:00",
      "2030-06-12 09:00",
      "2030-06-12 10:00",
    ]);
    const bad = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: "/api/settings/booking",
      headers,
      payload: { slotMinutes: "7", bufferMinutes: "0", daysOff: [] },
    });
    expect(bad.status).toBe(400);
    await call(t.app, {
      method: "PUT",
      url: "/api/settings/contact",
      headers,
      payload: contact,
    });
    await setBooking(t, { slotMinutes: "30", bufferMinutes: "30", daysOff: [] });
  });

  it("books a free slot once: a contact enquiry, and 409 for the next visitor", async () => {
    now = NOW;
    const [first] = await slotsOf(t);
    const booked = await book(t, first!.start);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ startsAt: first!.start, status: "booked" });
    const enquiry = await call<Enquiry>(t.app, {
      method: "GET",
      url: `/api/contact/${booked.body.enquiryId}`,
      headers: await t.adminHeaders(),
    });
    expect(enquiry.body).toMatchObject({
      name: visitor.name,
      serviceType: "contact",
      date: "2030-06-10",
    });
    const again = await book(t, first!.start, { email: "other@example.com" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(SLOT_TAKEN);
    expect((await slotsOf(t)).some((slot) => slot.start === first!.start)).toBe(false);
  });

  it("gives one of 20 simultaneous bookings of a slot", async () => {
    const slot = (await slotsOf(t))[3]!.start;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(t, slot, { email: `v${i}@example.com` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const rows = await t.app.services.database.db
      .selectFrom("bookings")
      .select("id")
      .where("held_start", "=", slot)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses the past, times outside the hours, and a bad slot with 400", async () => {
    for (const slot of [
      "2030-06-10T08:00:00.000Z", // 09:00 Lagos: begun
      "2030-06-10T16:30:00.000Z", // 17:30 Lagos: closed
      "2030-06-16T10:00:00.000Z", // a Sunday
      "2030-06-10T09:15:00.000Z", // not a slot's start
    ]) {
      const answer = await book(t, slot);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(SLOT_NOT_OFFERED);
    }
    expect((await book(t, "tomorrow")).status).toBe(400);
    const noName = await book(t, (await slotsOf(t))[0]!.start, { name: "" });
    expect(noName.status).toBe(400);
  });

  it("keeps the buffer around a booked time when the slot length changes", async () => {
    const slot = (await slotsOf(t)).find((s) => timestampIn(s.start) === "2030-06-12 10:00")!;
    expect((await book(t, slot.start)).status).toBe(201);
    await setBooking(t, { slotMinutes: "15", bufferMinutes: "15", daysOff: [] });
    const day = lagos(await slotsOf(t)).filter((time) => time.startsWith("2030-06-12 09"));
    const around = lagos(await slotsOf(t)).filter(
      (time) => time >= "2030-06-12 09:00" && time <= "2030-06-12 11:30",
    );
    expect(day).toEqual(["2030-06-12 09:00", "2030-06-12 09:30"]);
    // 10:00–10:30 booked: nothing from 09:45 to 10:45; 09:30–09:45 ends as the buffer starts.
    expect(around).toEqual([
      "2030-06-12 09:00",
      "2030-06-12 09:30",
      "2030-06-12 11:00",
      "2030-06-12 11:30",
    ]);
    await setBooking(t, { slotMinutes: "30", bufferMinutes: "30", daysOff: [] });
  });

  it("shows a week's bookings to staff, who can cancel one (its slot is free again)", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/bookings" });
    const headers = await t.adminHeaders();
    const week = await call<BookingWeek>(t.app, {
      method: "GET",
      url: "/api/bookings?week=2030-06-12",
      headers,
    });
    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({
      week: "2030-06-10",
      previous: "2030-06-03",
      next: "2030-06-17",
    });
    expect(week.body.days).toHaveLength(7);
    expect(week.body.bookings.length).toBeGreaterThanOrEqual(3);
    const first = week.body.bookings[0]!;
    expect(first).toMatchObject({ name: visitor.name, email: visitor.email });
    expect(
      (await call(t.app, { method: "GET", url: "/api/bookings?week=June", headers })).status,
    ).toBe(400);
    const cancelled = await call<Booking>(t.app, {
      method: "POST",
      url: `/api/bookings/${first.id}/cancel`,
      headers,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await slotsOf(t)).some((slot) => slot.start === first.startsAt)).toBe(true);
    const unknown = await call(t.app, {
      method: "POST",
      url: "/api/bookings/nope/cancel",
      headers,
    });
    expect(unknown.status).toBe(404);
    await expectAdminOnly(t, { method: "POST", url: `/api/bookings/${first.id}/cancel` });
  });

  it("lets the visitor cancel or reschedule once by their link, until the start", async () => {
    now = NOW;
    const slots = await slotsOf(t);
    const booked = (await book(t, slots[0]!.start)).body;
    const links = await t.app.services.bookings.makeLinks(booked.id, booked.startsAt);
    const link = (token: string) =>
      call<{ purpose: string; slots: Slot[] }>(t.app, {
        method: "GET",
        url: `/api/booking-links/${token}`,
      });
    expect((await link(links.reschedule)).body.purpose).toBe("reschedule");
    expect((await link("not-a-token")).status).toBe(404);
    // The stored value is a hash, never the token.
    const stored = await t.app.services.database.db
      .selectFrom("booking_links")
      .select("token_hash")
      .where("booking_id", "=", booked.id)
      .execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(links.cancel);

    const target = slots[1]!.start;
    const moved = await call<Booking>(t.app, {
      method: "POST",
      url: `/api/booking-links/${links.reschedule}/reschedule`,
      payload: { slot: target },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.startsAt).toBe(target);
    const twice = await call(t.app, {
      method: "POST",
      url: `/api/booking-links/${links.reschedule}/reschedule`,
      payload: { slot: slots[2]!.start },
    });
    expect(twice.status).toBe(404);
    // A reschedule ends the other links too (the new mail brings new ones).
    expect((await link(links.cancel)).status).toBe(404);
    expect((await slotsOf(t)).some((slot) => slot.start === slots[0]!.start)).toBe(true);

    const fresh = await t.app.services.bookings.makeLinks(booked.id, target);
    const cancel = () =>
      call(t.app, { method: "POST", url: `/api/booking-links/${fresh.cancel}/cancel` });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(404);
    expect((await slotsOf(t)).some((slot) => slot.start === target)).toBe(true);

    // A link ends when its consultation starts.
    const later = (await book(t, slots[4]!.start)).body;
    const late = await t.app.services.bookings.makeLinks(later.id, later.startsAt);
    now = Date.parse(later.startsAt) + 1;
    expect((await link(late.cancel)).status).toBe(404);
    expect(
      (await call(t.app, { method: "POST", url: `/api/booking-links/${late.cancel}/cancel` }))
        .status,
    ).toBe(404);
    now = NOW;
  });
});

describe("the invitation mails", () => {
  const smtp = useMailServer();
  const t = useTestApp(
    () => ({
      ...smtp.env(),
      NOTIFY_TO: "sales@agency.test",
      PUBLIC_ORIGIN: "https://agency.test",
    }),
    options,
  );

  it("mails the visitor and the agency an .ics invitation, with working links", async () => {
    now = NOW;
    const [slot] = await slotsOf(t);
    const booked = (await book(t, slot!.start)).body;
    await t.app.services.outbox.runNow();
    await smtp.received(3);
    const to = (address: string) =>
      smtp.inbox.filter((item) => item.rcptTo.includes(address)).map((item) => item.mail);
    const [confirmation] = to(visitor.email);
    expect(confirmation).toBeDefined();
    expect(confirmation!.subject).toContain("Monday, Jun 10, 10:00 AM (Lagos time)");
    const ics = (mail: typeof confirmation) =>
      mail!.attachments
        .filter((file) => file.contentType.startsWith("text/calendar"))
        .map((file) => file.content.toString("utf8"))[0]!;
    const invitation = ics(confirmation);
    expect(invitation).toContain("METHOD:REQUEST");
    expect(invitation).toContain(`UID:booking-${booked.id}@agency.test`);
    expect(invitation).toContain("DTSTART:20300610T090000Z");
    expect(invitation).toContain("DTEND:20300610T093000Z");
    const { name } = await t.app.services.identity.get();
    expect(invitation).toContain(`SUMMARY:Free consultation with ${name}`);
    expect(invitation).toContain("ORGANIZER;CN=");
    expect(invitation).toContain("mailto:website@agency.test");

    const staff = to("sales@agency.test");
    const staffInvitation = staff.find((mail) => mail.subject?.startsWith("Consultation booked"));
    expect(staffInvitation).toBeDefined();
    expect(ics(staffInvitation)).toContain(`UID:booking-${booked.id}@agency.test`);
    expect(staffInvitation!.text).toContain(`/admin/enquiries/${booked.enquiryId}`);

    const cancelLink = /To cancel: https:\/\/agency\.test\/booking\/(\S+)/.exec(
      confirmation!.text ?? "",
    )?.[1];
    expect(cancelLink).toBeDefined();
    const cancelled = await call(t.app, {
      method: "POST",
      url: `/api/booking-links/${cancelLink}/cancel`,
    });
    expect(cancelled.status).toBe(200);
  });
});
