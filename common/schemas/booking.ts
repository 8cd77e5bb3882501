import { z } from "zod";
import { HONEYPOT_FIELD } from "../enquiry-fields.ts";
import { enquiryInputSchema, isCalendarDay } from "./enquiry.ts";

// The API's shapes of consultation bookings (issue 52, item 4; decision 0052). The slots
// themselves are worked out by common/booking.ts.

const CHOOSE_TIME = "Please choose a time for your consultation.";

/** A slot's start as the form sends it: an ISO instant. */
export const slotStartSchema = z
  .string({ error: CHOOSE_TIME })
  .trim()
  .min(1, CHOOSE_TIME)
  .max(40, CHOOSE_TIME)
  .refine((value) => !Number.isNaN(Date.parse(value)) && /T/.test(value), CHOOSE_TIME)
  .transform((value) => new Date(value).toISOString());

const quick = enquiryInputSchema.shape;

/**
 * POST /api/bookings: the contact page's "Book a Consultation" form with a slot in place of
 * its date (the date stored on the enquiry is the slot's Lagos day). The fields are the
 * quick form's of POST /api/contact and are checked by the same schema.
 */
export const bookingInputSchema = z.object({
  slot: slotStartSchema,
  name: quick.name,
  email: quick.email,
  phone: quick.phone,
  message: quick.message,
  source: quick.source,
  [HONEYPOT_FIELD]: quick[HONEYPOT_FIELD],
});
export type BookingInput = z.output<typeof bookingInputSchema>;

export const BOOKING_STATUSES = ["booked", "cancelled"] as const;

export const bookingSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
});
export type Booking = z.infer<typeof bookingSchema>;

/** A booking as the week view lists it: with the visitor's name and how to reach them. */
export const weekBookingSchema = bookingSchema.extend({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type WeekBooking = z.infer<typeof weekBookingSchema>;

export const weekQuerySchema = z.object({
  week: z
    .string({ error: "Week must be a day written as yyyy-mm-dd." })
    .refine(isCalendarDay, "Week must be a day written as yyyy-mm-dd.")
    .optional(),
});

/** GET /api/bookings: the bookings of one Monday-to-Sunday week, Lagos time. */
export const bookingWeekSchema = z.object({
  /** The week's Monday, and the Mondays before and after it. */
  week: z.string(),
  previous: z.string(),
  next: z.string(),
  /** Its seven days (yyyy-mm-dd), Monday first. */
  days: z.array(z.string()),
  bookings: z.array(weekBookingSchema),
});
export type BookingWeek = z.infer<typeof bookingWeekSchema>;

/** GET /api/bookings/slots: the free slots, as the form offers them. */
export const freeSlotsSchema = z.object({
  slots: z.array(z.object({ start: z.string(), end: z.string() })),
});
