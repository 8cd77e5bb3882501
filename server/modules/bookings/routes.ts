import { z } from "zod";
import { idParam } from "../../../common/schemas/common.ts";
import {
  bookingInputSchema,
  bookingSchema,
  bookingWeekSchema,
  freeSlotsSchema,
  slotStartSchema,
  weekQuerySchema,
} from "../../../common/schemas/booking.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { idempotencyAnswers, idempotencyHeaders } from "../../plugins/idempotency.ts";

const slotTaken = errorAnswer("Someone booked that time first: choose another of the free slots.");
/** A taken slot, or (as on every idempotent route) a request with this key still under way. */
const slotTakenOrBusy = errorAnswer(
  "Someone booked that time first (choose another free slot), or a request with this Idempotency-Key is still being handled (Retry-After).",
);
const bookingNotFound = errorAnswer("There is no booking with this id.");
const linkEnded = errorAnswer("The link is unknown, was used, or its consultation has begun.");
const tokenParam = z.object({ token: z.string().trim().min(1).max(100) });

/** Free consultations in real slots (issue 52, item 4; decision 0052). */
export function registerBookingRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { bookings } = services;

  app.get(
    "/bookings/slots",
    {
      schema: {
        tags: ["bookings"],
        operationId: "getFreeSlots",
        summary: "The free consultation slots of the next 14 days (office hours, Lagos time)",
        security: [],
        response: {
          200: freeSlotsSchema,
          429: errorAnswers.tooManyRequests,
          503: errorAnswers.databaseUnavailable,
        },
      },
    },
    async () => ({ slots: await bookings.slots() }),
  );

  app.post(
    "/bookings",
    {
      config: { limit: "enquiry", idempotent: true },
      schema: {
        tags: ["bookings"],
        operationId: "bookConsultation",
        summary: "Book a free consultation: the contact page's quick form with a free slot",
        security: [],
        headers: idempotencyHeaders,
        body: bookingInputSchema,
        response: {
          201: bookingSchema,
          400: errorAnswers.invalid,
          ...jsonBodyErrors,
          ...idempotencyAnswers,
          409: slotTakenOrBusy,
          429: errorAnswers.tooManyRequests,
          503: errorAnswers.databaseUnavailable,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await bookings.book(request.body)),
  );

  app.get(
    "/bookings",
    {
      schema: {
        tags: ["bookings"],
        operationId: "getBookingWeek",
        summary: "The bookings of one week, Monday to Sunday, Lagos time (the week view)",
        security: adminSecurity,
        querystring: weekQuerySchema,
        response: {
          200: bookingWeekSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request) => bookings.week(request.query.week),
  );

  app.post(
    "/bookings/:id/cancel",
    {
      schema: {
        tags: ["bookings"],
        operationId: "cancelBooking",
        summary: "Cancel a booking: its slot is free again and the visitor's links end",
        security: adminSecurity,
        params: idParam,
        response: {
          200: bookingSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: bookingNotFound,
        },
      },
    },
    async (request) => bookings.cancelByStaff(request.params.id, request.admin!),
  );

  app.get(
    "/booking-links/:token",
    {
      schema: {
        tags: ["bookings"],
        operationId: "getBookingLink",
        summary: "A visitor's reschedule or cancel link: its booking (and the free slots)",
        security: [],
        params: tokenParam,
        response: {
          200: z.object({
            purpose: z.enum(["reschedule", "cancel"]),
            booking: bookingSchema,
            slots: freeSlotsSchema.shape.slots,
          }),
          400: errorAnswers.invalid,
          404: linkEnded,
        },
      },
    },
    async (request, reply) => {
      const link = await bookings.link(request.params.token);
      if (!link) return reply.code(404).send({ error: "This link does not work any more." });
      return link;
    },
  );

  app.post(
    "/booking-links/:token/cancel",
    {
      schema: {
        tags: ["bookings"],
        operationId: "cancelByLink",
        summary: "Cancel a booking by the visitor's link (once)",
        security: [],
        params: tokenParam,
        response: { 200: bookingSchema, 400: errorAnswers.invalid, 404: linkEnded },
      },
    },
    async (request) => bookings.cancelByLink(request.params.token),
  );

  app.post(
    "/booking-links/:token/reschedule",
    {
      schema: {
        tags: ["bookings"],
        operationId: "rescheduleByLink",
        summary: "Move a booking to another free slot by the visitor's link (once)",
        security: [],
        params: tokenParam,
        body: z.object({ slot: slotStartSchema }),
        response: {
          200: bookingSchema,
          400: errorAnswers.invalid,
          404: linkEnded,
          409: slotTaken,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => bookings.rescheduleByLink(request.params.token, request.body.slot),
  );
}
