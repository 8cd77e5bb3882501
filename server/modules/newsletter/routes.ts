import { z } from "zod";
import { idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  subscribeSchema,
  subscriberQuerySchema,
  subscriberSchema,
} from "../../../common/schemas/newsletter.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { csvAnswer, sendCsv } from "../../lib/csv.ts";
import { sendJsonArray } from "../../lib/streamed.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { idempotencyAnswers, idempotencyHeaders } from "../../plugins/idempotency.ts";
import { auditWrites, maskEmail } from "../audit/record.ts";

export function registerNewsletterRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services } = deps;
  const { newsletter } = services;
  const audit = auditWrites(services.audit);

  app.post(
    "/newsletter",
    {
      config: { limit: "newsletter", idempotent: true },
      schema: {
        tags: ["newsletter"],
        operationId: "subscribe",
        summary: "Subscribe an e-mail address (201 new, 200 already subscribed)",
        security: [],
        headers: idempotencyHeaders,
        body: subscribeSchema,
        response: {
          200: subscriberSchema,
          201: subscriberSchema,
          400: errorAnswers.invalid,
          ...jsonBodyErrors,
          ...idempotencyAnswers,
          429: errorAnswers.tooManyRequests,
          503: errorAnswers.databaseUnavailable,
        },
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
      schema: {
        tags: ["newsletter"],
        operationId: "listSubscribers",
        summary: "Subscribers, newest first; `q` searches the addresses",
        security: adminSecurity,
        querystring: subscriberQuerySchema,
        response: {
          200: z.array(subscriberSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      // Every match, streamed from the database a batch at a time.
      const { q } = request.query;
      reply.header("x-total-count", String(await newsletter.count(q)));
      return sendJsonArray(reply, newsletter.all(q), subscriberSchema);
    },
  );

  app.get(
    "/newsletter/export.csv",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "exportSubscribers",
        summary: "Subscribers as a CSV file (UTF-8 with BOM)",
        security: adminSecurity,
        querystring: subscriberQuerySchema,
        response: {
          200: csvAnswer("subscribers"),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => sendCsv(reply, "subscribers", newsletter.csvLines(request.query.q)),
  );

  app.delete(
    "/newsletter/:id",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "deleteSubscriber",
        summary: "Remove a subscriber",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: errorAnswer("There is no subscriber with this id."),
        },
      },
    },
    async (request) => {
      const subscriber = await newsletter.remove(request.params.id);
      // Kept for a year: the address only masked, as a removal may be an erasure request.
      await audit(request, {
        action: "delete",
        type: "subscriber",
        id: subscriber._id,
        before: { email: maskEmail(subscriber.email), date: subscriber.date },
      });
      return { success: true as const };
    },
  );
}
