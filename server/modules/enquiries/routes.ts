import { z } from "zod";
import { idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  enquiryInputSchema,
  enquiryNotificationSchema,
  enquiryQuerySchema,
  enquirySchema,
  enquiryStatsSchema,
  enquiryStatusUpdateSchema,
  ENQUIRY_STATUSES,
} from "../../../common/schemas/enquiry.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { csvAnswer, sendCsv } from "../../lib/csv.ts";
import { isPaged } from "../../db/lists.ts";
import { sendJsonArray } from "../../lib/streamed.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { idempotencyAnswers, idempotencyHeaders } from "../../plugins/idempotency.ts";
import { auditWrites, maskEmail } from "../audit/record.ts";

const enquiryNotFound = errorAnswer("There is no enquiry with this id.");

const summarySchema = z.object({
  ...Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, z.number()])),
  total: z.number(),
  serviceTypes: z.array(z.string()),
});

export function registerEnquiryRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services } = deps;
  const { enquiries } = services;
  const audit = auditWrites(services.audit);

  app.post(
    "/contact",
    {
      config: { limit: "enquiry", idempotent: true },
      schema: {
        tags: ["enquiries"],
        operationId: "sendEnquiry",
        summary: "Send an enquiry (home, floating, service, package and contact-page forms)",
        security: [],
        headers: idempotencyHeaders,
        body: enquiryInputSchema,
        response: {
          201: enquirySchema,
          400: errorAnswers.invalid,
          ...jsonBodyErrors,
          ...idempotencyAnswers,
          429: errorAnswers.tooManyRequests,
          503: errorAnswers.databaseUnavailable,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await enquiries.create(request.body)),
  );

  app.get(
    "/contact",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "listEnquiries",
        summary:
          "Enquiries, newest first (spam only with status=spam or all); X-Total-Count gives the matches",
        security: adminSecurity,
        querystring: enquiryQuerySchema,
        response: {
          200: z.array(enquirySchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      if (!isPaged(request.query)) {
        // Every match: streamed from the database a batch at a time, not held in memory.
        const total = await enquiries.count(request.query);
        reply.header("x-total-count", String(total));
        return sendJsonArray(reply, enquiries.all(request.query), enquirySchema);
      }
      const { items, total } = await enquiries.list(request.query);
      return reply.header("x-total-count", String(total)).send(items);
    },
  );

  app.get(
    "/contact/summary",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "getEnquirySummary",
        summary: "Counts per status and the service types seen, for the inbox",
        security: adminSecurity,
        response: { 200: summarySchema, 401: errorAnswers.unauthorized },
      },
    },
    async () => enquiries.summary(),
  );

  app.get(
    "/contact/stats",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "getEnquiryStats",
        summary:
          "Enquiries per week of the last 12 weeks (the agency's time zone) by service type, and the top sources, for the dashboard",
        security: adminSecurity,
        response: { 200: enquiryStatsSchema, 401: errorAnswers.unauthorized },
      },
    },
    async () => enquiries.stats(),
  );

  app.get(
    "/contact/export.csv",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "exportEnquiries",
        summary: "The enquiries of a filter as a CSV file (UTF-8 with BOM, opens in Excel)",
        security: adminSecurity,
        querystring: enquiryQuerySchema,
        response: {
          200: csvAnswer("enquiries"),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => sendCsv(reply, "enquiries", enquiries.csvLines(request.query)),
  );

  app.get(
    "/contact/:id",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "getEnquiry",
        summary: "One enquiry",
        security: adminSecurity,
        params: idParam,
        response: {
          200: enquirySchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
        },
      },
    },
    async (request) => enquiries.get(request.params.id),
  );

  app.get(
    "/contact/:id/notification",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "getEnquiryNotification",
        summary:
          "Whether the agency was told of the enquiry by e-mail: sent (when), pending (the last error and the next try), given up, or mail not configured",
        security: adminSecurity,
        params: idParam,
        response: {
          200: enquiryNotificationSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
        },
      },
    },
    async (request) => enquiries.notification(request.params.id),
  );

  app.patch(
    "/contact/:id",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "setEnquiryStatus",
        summary: "Set the status of an enquiry: new, read, replied or spam",
        security: adminSecurity,
        params: idParam,
        body: enquiryStatusUpdateSchema,
        response: {
          200: enquirySchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await enquiries.get(id);
      const enquiry = await enquiries.setStatus(id, request.body.status);
      await audit(request, {
        action: "update",
        type: "enquiry",
        id,
        before: { status: before.status },
        after: { status: enquiry.status },
      });
      return enquiry;
    },
  );

  app.delete(
    "/contact/:id",
    {
      schema: {
        tags: ["enquiries"],
        operationId: "deleteEnquiry",
        summary: "Delete an enquiry for good (e.g. a data-protection request)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await enquiries.get(id);
      await enquiries.remove(id);
      // Kept for a year: no message or contact details, as a removal may be an erasure request.
      await audit(request, {
        action: "delete",
        type: "enquiry",
        id,
        before: {
          from: maskEmail(before.email),
          serviceType: before.serviceType,
          status: before.status,
          date: before.date,
        },
      });
      return { success: true as const };
    },
  );
}
