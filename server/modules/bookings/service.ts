import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  freeSlots,
  openDayField,
  SLOT_NOT_OFFERED,
  SLOT_TAKEN,
  slotWords,
  WEEKDAYS,
  type BookingRules,
  type OfficeWeek,
  type Slot,
} from "../../../common/booking.ts";
import { HONEYPOT_FIELD } from "../../../common/enquiry-fields.ts";
import type {
  Booking,
  BookingInput,
  BookingWeek,
  WeekBooking,
} from "../../../common/schemas/booking.ts";
import type { ContactDetails, SiteContent } from "../../../common/schemas/content.ts";
import { enquiryInputSchema, type ParsedEnquiryInput } from "../../../common/schemas/enquiry.ts";
import { addDays, dayIn, dayStart, mondayOf } from "../../../common/time-zone.ts";
import type { Database } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { Conflict, Invalid, NotFound } from "../../errors.ts";
import type { ChangeFeed } from "../../lib/changes.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { AuditActor, AuditEntry } from "../audit/service.ts";
import { newOutboxRow, type OutboxRow } from "../outbox/repository.ts";
import type { NotificationOutbox } from "../outbox/service.ts";
import { invitationIcs, type Invitation } from "./ics.ts";

// Free consultations booked into real slots (issue 52, item 4; decision 0052). A booking
// holds its slot by a unique index (`held_start`), so of any number of visitors on any
// number of instances one gets it and the others a 409. It makes an ordinary contact-page
// enquiry (the inbox, the pipeline and its mail to the agency as today). The invitation
// goes to the visitor (with links to reschedule or cancel) and to the agency through the
// notification outbox; the links' tokens are made when their mail is, and only their
// SHA-256 is kept.

/** The outbox kinds of a booking's mails; the subject is "<booking id>/<sequence>". */
export const BOOKING_CONFIRMATION = "booking_confirmation";
export const BOOKING_STAFF = "booking_staff";
export const BOOKING_MAIL_KINDS = [BOOKING_CONFIRMATION, BOOKING_STAFF] as const;

export type LinkPurpose = "reschedule" | "cancel";
const NO_LINK = "This link does not work any more.";
const NOT_FOUND = "There is no such booking.";

/** The SHA-256 (hex) of a link's token: what is stored. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The office week of the contact settings. */
export function officeWeekOf(contact: ContactDetails): OfficeWeek {
  return {
    days: WEEKDAYS.map((_, weekday) => weekday).filter((weekday) => contact[openDayField(weekday)]),
    opens: contact.opensAt,
    closes: contact.closesAt,
  };
}

export function bookingRulesOf(settings: SiteContent["booking"]): BookingRules {
  return {
    slotMinutes: Number(settings.slotMinutes),
    bufferMinutes: Number(settings.bufferMinutes),
    daysOff: settings.daysOff,
  };
}

const toBooking = (row: {
  id: string;
  enquiry_id: string;
  starts_at: string;
  ends_at: string;
  status: "booked" | "cancelled";
}): Booking => ({
  id: row.id,
  enquiryId: row.enquiry_id,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  status: row.status,
});

export function createBookingService(deps: {
  db: Kysely<Database>;
  content: { all(): Promise<SiteContent> };
  enquiries: { create(input: ParsedEnquiryInput): Promise<{ _id: string }> };
  outbox: Pick<NotificationOutbox, "queue">;
  mailer: Pick<Mailer, "send">;
  audit: { record(entry: AuditEntry): Promise<void> };
  changes: ChangeFeed;
  agencyName: () => Promise<string>;
  origin: string;
  /** The sender and the notification address in force (the Mail screen or the environment). */
  mailFrom: () => string;
  notifyTo: () => string | undefined;
  clock?: () => number;
}) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  const iso = () => new Date(clock()).toISOString();

  async function rules() {
    const content = await deps.content.all();
    return { week: officeWeekOf(content.contact), rules: bookingRulesOf(content.booking) };
  }

  /** The booked times that may touch the next days' slots (but that of `except`). */
  async function taken(now: number, except?: string) {
    let query = db
      .selectFrom("bookings")
      .select(["starts_at as startsAt", "ends_at as endsAt"])
      .where("held_start", "is not", null)
      .where("ends_at", ">", new Date(now - 86_400_000).toISOString());
    if (except) query = query.where("id", "<>", except);
    return query.execute();
  }

  async function slots(): Promise<Slot[]> {
    const now = clock();
    return freeSlots({ now, ...(await rules()), taken: await taken(now) });
  }

  /** The free slot starting at `start`, or the reason there is none (409 taken, else 400). */
  async function freeSlot(start: string, exceptBooking?: string): Promise<Slot> {
    const now = clock();
    const { week, rules: bookingRules } = await rules();
    const others = await taken(now, exceptBooking);
    const slot = freeSlots({ now, week, rules: bookingRules, taken: others }).find(
      (candidate) => candidate.start === start,
    );
    if (slot) return slot;
    const offered = freeSlots({ now, week, rules: bookingRules, taken: [] }).some(
      (candidate) => candidate.start === start,
    );
    throw offered ? new Conflict(SLOT_TAKEN) : new Invalid(SLOT_NOT_OFFERED);
  }

  function queueMails(bookingId: string, sequence: number) {
    const now = iso();
    const subject = `${bookingId}/${sequence}`;
    return deps.outbox.queue([
      newOutboxRow(subject, now, BOOKING_CONFIRMATION),
      ...(deps.notifyTo() ? [newOutboxRow(subject, now, BOOKING_STAFF)] : []),
    ]);
  }

  /** Ends every link of a booking that was not used (a new mail brings new ones). */
  async function endLinks(bookingId: string, now: string) {
    await db
      .updateTable("booking_links")
      .set({ used_at: now })
      .where("booking_id", "=", bookingId)
      .where("used_at", "is", null)
      .execute();
  }

  /**
   * New links to reschedule and to cancel a booking (the older ones end): each works once,
   * until the consultation starts. Answers the tokens; only their hashes are stored.
   */
  async function makeLinks(
    bookingId: string,
    startsAt: string,
  ): Promise<Record<LinkPurpose, string>> {
    const now = iso();
    await endLinks(bookingId, now);
    const made = {} as Record<LinkPurpose, string>;
    for (const purpose of ["reschedule", "cancel"] as const) {
      const token = randomBytes(32).toString("base64url");
      made[purpose] = token;
      await db
        .insertInto("booking_links")
        .values({
          token_hash: tokenHash(token),
          booking_id: bookingId,
          purpose,
          expires_at: startsAt,
          used_at: null,
          created_at: now,
        })
        .execute();
    }
    return made;
  }

  /** The link of a token that still works, with its booking. */
  async function linkOf(token: string) {
    if (!token || token.length > 100) return undefined;
    return db
      .selectFrom("booking_links as l")
      .innerJoin("bookings as b", "b.id", "l.booking_id")
      .select([
        "l.token_hash",
        "l.purpose",
        "b.id",
        "b.enquiry_id",
        "b.starts_at",
        "b.ends_at",
        "b.status",
      ])
      .where("l.token_hash", "=", tokenHash(token))
      .where("l.used_at", "is", null)
      .where("l.expires_at", ">", iso())
      .where("b.status", "=", "booked")
      .executeTakeFirst();
  }

  /** Marks a link used; false when another request used it first (or it ended). */
  async function useLink(
    trx: Kysely<Database>,
    token: string,
    purpose: LinkPurpose,
    now: string,
  ): Promise<boolean> {
    const { numUpdatedRows } = await trx
      .updateTable("booking_links")
      .set({ used_at: now })
      .where("token_hash", "=", tokenHash(token))
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(numUpdatedRows) === 1;
  }

  async function cancel(bookingId: string, now: string) {
    await db
      .updateTable("bookings")
      .set({ status: "cancelled", held_start: null, updated_at: now })
      .where("id", "=", bookingId)
      .execute();
    await endLinks(bookingId, now);
    deps.changes.publish("bookings");
  }

  /** The invitation of a booking as it stands. */
  async function invitationOf(
    booking: { id: string; starts_at: string; ends_at: string; sequence: number },
    attendee: { name: string; email: string },
    description: string,
  ): Promise<Invitation> {
    const name = await deps.agencyName();
    return {
      method: "REQUEST",
      uid: `booking-${booking.id}@${new URL(deps.origin).host}`,
      sequence: booking.sequence,
      start: booking.starts_at,
      end: booking.ends_at,
      stamp: iso(),
      summary: `Free consultation with ${name}`,
      description,
      organizer: { name, email: deps.mailFrom() },
      attendee,
    };
  }

  /** The booking and enquiry of an outbox row's subject, while that booking time stands. */
  async function mailSubject(row: OutboxRow) {
    const [id, sequence] = row.subject_id.split("/");
    const found = await db
      .selectFrom("bookings as b")
      .innerJoin("enquiries as e", "e.id", "b.enquiry_id")
      .select([
        "b.id",
        "b.starts_at",
        "b.ends_at",
        "b.sequence",
        "b.status",
        "e.id as enquiry_id",
        "e.name",
        "e.email",
        "e.phone_number as phone",
      ])
      .where("b.id", "=", id ?? "")
      .executeTakeFirst();
    if (!found || found.status !== "booked" || String(found.sequence) !== sequence) return;
    return found;
  }

  const calendar = (ics: string) => ({
    method: "REQUEST" as const,
    filename: "consultation.ics",
    content: ics,
  });

  return {
    slots,

    /**
     * Books the slot of `input` for the visitor: the enquiry (a contact-page one, dated the
     * slot's Lagos day) and the booking holding the slot, then the mails. 409 when the slot
     * was taken meanwhile, 400 when it is not one offered.
     */
    async book(input: BookingInput): Promise<Booking> {
      const enquiry = enquiryInputSchema.parse({
        ...input,
        slot: undefined,
        serviceType: "contact",
        date: dayIn(input.slot),
      });
      if (enquiry[HONEYPOT_FIELD]) {
        // A robot: stored as spam like any such enquiry, holding no slot.
        const spam = await deps.enquiries.create(enquiry);
        const end = new Date(Date.parse(input.slot) + 30 * 60_000).toISOString();
        return {
          id: randomUUID(),
          enquiryId: spam._id,
          startsAt: input.slot,
          endsAt: end,
          status: "booked",
        };
      }
      const slot = await freeSlot(input.slot);
      const id = randomUUID();
      const now = iso();
      try {
        await db
          .insertInto("bookings")
          .values({
            id,
            enquiry_id: "",
            starts_at: slot.start,
            ends_at: slot.end,
            held_start: slot.start,
            status: "booked",
            created_at: now,
            updated_at: now,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(SLOT_TAKEN);
        throw error;
      }
      let enquiryId: string;
      try {
        enquiryId = (await deps.enquiries.create(enquiry))._id;
      } catch (error) {
        await db.deleteFrom("bookings").where("id", "=", id).execute();
        throw error;
      }
      await db
        .updateTable("bookings")
        .set({ enquiry_id: enquiryId })
        .where("id", "=", id)
        .execute();
      deps.changes.publish("bookings");
      await queueMails(id, 0);
      return { id, enquiryId, startsAt: slot.start, endsAt: slot.end, status: "booked" };
    },

    /** The bookings of the week holding `day` (its Monday to Sunday, Lagos time). */
    async week(day?: string): Promise<BookingWeek> {
      const monday = mondayOf(day ?? dayIn(clock()));
      const rows = await db
        .selectFrom("bookings as b")
        .innerJoin("enquiries as e", "e.id", "b.enquiry_id")
        .select([
          "b.id",
          "b.enquiry_id",
          "b.starts_at",
          "b.ends_at",
          "b.status",
          "e.name",
          "e.email",
          "e.phone_number as phone",
        ])
        .where("b.status", "=", "booked")
        .where("b.starts_at", ">=", dayStart(monday))
        .where("b.starts_at", "<", dayStart(monday, 7))
        .orderBy("b.starts_at")
        .execute();
      const bookings: WeekBooking[] = rows.map((row) => ({
        ...toBooking(row),
        name: row.name,
        email: row.email,
        phone: row.phone ?? "",
      }));
      return {
        week: monday,
        previous: addDays(monday, -7),
        next: addDays(monday, 7),
        days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)),
        bookings,
      };
    },

    /** Staff cancel a booking (the week view): its slot is free again, its links end. */
    async cancelByStaff(id: string, actor: AuditActor): Promise<Booking> {
      const row = await db
        .selectFrom("bookings")
        .select(["id", "enquiry_id", "starts_at", "ends_at", "status"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row || !row.enquiry_id) throw new NotFound(NOT_FOUND);
      if (row.status === "booked") {
        await cancel(id, iso());
        await deps.audit.record({
          actor,
          action: "cancel booking",
          type: "enquiry",
          id: row.enquiry_id,
          before: { startsAt: row.starts_at },
        });
      }
      return toBooking({ ...row, status: "cancelled" });
    },

    /** New links for a booking (its confirmation mail makes them; tests too). */
    makeLinks,

    /** What a visitor's link is for and the booking it is about; undefined when it ended. */
    async link(token: string) {
      const link = await linkOf(token);
      if (!link) return undefined;
      return {
        purpose: link.purpose,
        booking: toBooking(link),
        slots: link.purpose === "reschedule" ? await slots() : [],
      };
    },

    /** The visitor cancels by their link: once; the slot is free again. */
    async cancelByLink(token: string): Promise<Booking> {
      const link = await linkOf(token);
      const now = iso();
      if (!link || !(await useLink(db, token, "cancel", now))) throw new NotFound(NO_LINK);
      await cancel(link.id, now);
      return toBooking({ ...link, status: "cancelled" });
    },

    /**
     * The visitor moves the booking to another free slot by their link: once. A new
     * invitation (the same UID, the next SEQUENCE) and new links are mailed.
     */
    async rescheduleByLink(token: string, start: string): Promise<Booking> {
      const link = await linkOf(token);
      if (!link || link.purpose !== "reschedule") throw new NotFound(NO_LINK);
      const slot = await freeSlot(start, link.id);
      const now = iso();
      let sequence = 0;
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await useLink(trx, token, "reschedule", now))) throw new NotFound(NO_LINK);
          await trx
            .updateTable("bookings")
            .set((eb) => ({
              starts_at: slot.start,
              ends_at: slot.end,
              held_start: slot.start,
              sequence: eb("sequence", "+", 1),
              updated_at: now,
            }))
            .where("id", "=", link.id)
            .where("status", "=", "booked")
            .execute();
          const row = await trx
            .selectFrom("bookings")
            .select("sequence")
            .where("id", "=", link.id)
            .executeTakeFirstOrThrow();
          sequence = row.sequence;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(SLOT_TAKEN);
        throw error;
      }
      await endLinks(link.id, now);
      deps.changes.publish("bookings");
      await queueMails(link.id, sequence);
      return { ...toBooking(link), startsAt: slot.start, endsAt: slot.end };
    },

    /** The outbox's sender of the visitor's confirmation: the invitation and the links. */
    async sendConfirmation(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      const booking = await mailSubject(row);
      if (!booking) return "gone";
      const links = await makeLinks(booking.id, booking.starts_at);
      const name = await deps.agencyName();
      const when = slotWords(booking.starts_at);
      const linkTo = (token: string) => `${deps.origin}/booking/${token}`;
      const text = [
        `Hello ${booking.name},`,
        "",
        `Your free consultation with ${name} is booked for ${when}.`,
        "The invitation is attached: add it to your calendar.",
        "",
        `To choose another time: ${linkTo(links.reschedule)}`,
        `To cancel: ${linkTo(links.cancel)}`,
        "",
        "Each link works once, until the consultation starts.",
        "",
        name,
      ].join("\n");
      const invitation = await invitationOf(
        booking,
        { name: booking.name, email: booking.email },
        `Free consultation with ${name}. Reschedule: ${linkTo(links.reschedule)} Cancel: ${linkTo(links.cancel)}`,
      );
      await deps.mailer.send(
        {
          to: booking.email,
          subject: `Your free consultation: ${when}`,
          text,
          calendar: calendar(invitationIcs(invitation)),
        },
        { signal },
      );
      return "sent";
    },

    /** The outbox's sender of the agency's copy (NOTIFY_TO): the invitation and the lead. */
    async sendToStaff(row: OutboxRow, signal: AbortSignal): Promise<"sent" | "gone"> {
      const booking = await mailSubject(row);
      const notifyTo = deps.notifyTo();
      if (!booking || !notifyTo) return "gone";
      const when = slotWords(booking.starts_at);
      const lead = `${deps.origin}/admin/enquiries/${booking.enquiry_id}`;
      const text = [
        `${booking.name} booked a free consultation for ${when}.`,
        "",
        `Email: ${booking.email}`,
        `Phone: ${booking.phone ?? ""}`,
        "",
        `The lead: ${lead}`,
      ].join("\n");
      const invitation = await invitationOf(
        booking,
        { name: booking.name, email: booking.email },
        `${booking.name}, ${booking.email}, ${booking.phone ?? ""}. ${lead}`,
      );
      await deps.mailer.send(
        {
          to: notifyTo,
          replyTo: booking.email,
          subject: `Consultation booked: ${booking.name}, ${when}`,
          text,
          calendar: calendar(invitationIcs(invitation)),
        },
        { signal },
      );
      return "sent";
    },
  };
}
export type BookingService = ReturnType<typeof createBookingService>;
