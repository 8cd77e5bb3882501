import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  idParam,
  MAX_PAGE_SIZE,
  successResponse,
} from "../../../common/schemas/common.ts";
import {
  subscribeSchema,
  subscriberQuerySchema,
  subscriberSchema,
  subscriberSearchSchema,
} from "../../../common/schemas/newsletter.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { csvAnswer, sendCsv } from "../../lib/csv.ts";
import { isPaged } from "../../db/lists.ts";
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
        summary:
          "Subscribers, newest first; `q` searches the addresses; `page` and `pageSize` give one page; X-Total-Count gives the matches",
        description:
          `With \`page\` (from 1) and/or \`pageSize\` (1 to ${MAX_PAGE_SIZE}, default ` +
          `${DEFAULT_PAGE_SIZE}), one page of the matches (a page past the end is an empty ` +
          "array). Without them, every match, streamed from the database as it is read.",
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
      const { q, page, pageSize } = request.query;
      if (isPaged(request.query)) {
        const list = await newsletter.page({
          q,
          page: page ?? 1,
          pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
        });
        return reply.header("x-total-count", String(list.total)).send(list.items);
      }
      // Every match, streamed from the database a batch at a time.
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
        querystring: subscriberSearchSchema,
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
