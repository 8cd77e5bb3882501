import { z } from "zod";
import { errorResponse, idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  subscribeSchema,
  subscriberQuerySchema,
  subscriberSchema,
} from "../../../common/schemas/newsletter.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { csvAttachment } from "../../lib/csv.ts";

export function registerNewsletterRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services, requireAdmin } = deps;
  const { newsletter } = services;

  app.post(
    "/newsletter",
    {
      config: deps.rateLimited(),
      schema: {
        tags: ["newsletter"],
        summary: "Subscribe an e-mail address (201 new, 200 already subscribed)",
        body: subscribeSchema,
        response: { 200: subscriberSchema, 201: subscriberSchema, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const { subscriber, created } = await newsletter.subscribe(request.body.email);
      return reply.code(created ? 201 : 200).send(subscriber);
    },
  );

  app.get(
    "/newsletter",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["newsletter"],
        summary: "Subscribers, newest first; `q` searches the addresses",
        security: adminSecurity,
        querystring: subscriberQuerySchema,
        response: { 200: z.array(subscriberSchema), 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const list = await newsletter.list(request.query.q);
      return reply.header("x-total-count", String(list.length)).send(list);
    },
  );

  app.get(
    "/newsletter/export.csv",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["newsletter"],
        summary: "Subscribers as a CSV file (UTF-8 with BOM)",
        security: adminSecurity,
        querystring: subscriberQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", csvAttachment("subscribers"))
        .header("cache-control", "no-store")
        .send(await newsletter.exportCsv(request.query.q)),
  );

  app.delete(
    "/newsletter/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["newsletter"],
        summary: "Remove a subscriber",
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
      await newsletter.remove(request.params.id);
      return { success: true as const };
    },
  );
}
