import { z } from "zod";
import { errorResponse, idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  enquiryInputSchema,
  enquiryQuerySchema,
  enquirySchema,
  enquiryStatusUpdateSchema,
  ENQUIRY_STATUSES,
} from "../../../common/schemas/enquiry.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { csvAttachment } from "../../lib/csv.ts";

const summarySchema = z.object({
  ...Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, z.number()])),
  total: z.number(),
  serviceTypes: z.array(z.string()),
});

export function registerEnquiryRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services, requireAdmin } = deps;
  const { enquiries } = services;

  app.post(
    "/contact",
    {
      config: deps.rateLimited(),
      schema: {
        tags: ["enquiries"],
        summary: "Send an enquiry (home, floating, service, package and contact-page forms)",
        body: enquiryInputSchema,
        response: { 201: enquirySchema, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await enquiries.create(request.body)),
  );

  app.get(
    "/contact",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["enquiries"],
        summary:
          "Enquiries, newest first (spam only with status=spam or all); X-Total-Count gives the matches",
        security: adminSecurity,
        querystring: enquiryQuerySchema,
        response: { 200: z.array(enquirySchema), 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const { items, total } = await enquiries.list(request.query);
      return reply.header("x-total-count", String(total)).send(items);
    },
  );

  app.get(
    "/contact/summary",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["enquiries"],
        summary: "Counts per status and the service types seen, for the inbox",
        security: adminSecurity,
        response: { 200: summarySchema, 401: errorResponse },
      },
    },
    async () => enquiries.summary(),
  );

  app.get(
    "/contact/export.csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["enquiries"],
        summary: "The enquiries of a filter as a CSV file (UTF-8 with BOM, opens in Excel)",
        security: adminSecurity,
        querystring: enquiryQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", csvAttachment("enquiries"))
        .header("cache-control", "no-store")
        .send(await enquiries.exportCsv(request.query)),
  );

  app.get(
    "/contact/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["enquiries"],
        summary: "One enquiry",
        security: adminSecurity,
        params: idParam,
        response: { 200: enquirySchema, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => enquiries.get(request.params.id),
  );

  app.patch(
    "/contact/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["enquiries"],
        summary: "Set the status of an enquiry: new, read, replied or spam",
        security: adminSecurity,
        params: idParam,
        body: enquiryStatusUpdateSchema,
        response: {
          200: enquirySchema,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => enquiries.setStatus(request.params.id, request.body.status),
  );

  app.delete(
    "/contact/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["enquiries"],
        summary: "Delete an enquiry for good (e.g. a data-protection request)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      await enquiries.remove(request.params.id);
      return { success: true as const };
    },
  );
}
