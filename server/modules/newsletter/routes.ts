import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  idParam,
  MAX_PAGE_SIZE,
  successResponse,
} from "../../../common/schemas/common.ts";
import {
  adminSubscriberSchema,
  subscribeSchema,
  subscriberImportResultSchema,
  subscriberQuerySchema,
  subscriberSchema,
  subscriberSearchSchema,
} from "../../../common/schemas/newsletter.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { csvAnswer, sendCsv } from "../../lib/csv.ts";
import { isPaged } from "../../db/lists.ts";
import { sendJsonArray } from "../../lib/streamed.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { idempotencyAnswers, idempotencyHeaders } from "../../plugins/idempotency.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import { Invalid } from "../../errors.ts";
import { auditWrites } from "../audit/record.ts";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseImport } from "./import.ts";

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
        summary:
          "Subscribe an e-mail address: 202 when it must confirm by mail, 201 when stored confirmed",
        description:
          "The answer is the same for a new and a known address (decision 0036): the id, the " +
          "address and the time of this request. With mail configured (SMTP_URL) a new, pending " +
          "or unsubscribed address is mailed a confirmation link and stays pending until it is " +
          "used (202); a confirmed or bounced address is left alone. Without mail a new address " +
          "is stored confirmed and a known one left alone (201). `source` is the path of the " +
          'page whose form was used ("api" when absent), kept with the consent.',
        security: [],
        headers: idempotencyHeaders,
        body: subscribeSchema,
        response: {
          201: subscriberSchema,
          202: subscriberSchema,
          400: errorAnswers.invalid,
          ...jsonBodyErrors,
          ...idempotencyAnswers,
          429: errorAnswers.tooManyRequests,
          503: errorAnswers.databaseUnavailable,
        },
      },
    },
    async (request, reply) => {
      const { subscriber, pending } = await newsletter.subscribe(request.body);
      return reply.code(pending ? 202 : 201).send(subscriber);
    },
  );

  app.get(
    "/newsletter",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "listSubscribers",
        summary:
          "Subscribers, newest first, with status and consent; `q` searches the addresses, `status` filters; `page` and `pageSize` give one page; X-Total-Count gives the matches",
        description:
          `With \`page\` (from 1) and/or \`pageSize\` (1 to ${MAX_PAGE_SIZE}, default ` +
          `${DEFAULT_PAGE_SIZE}), one page of the matches (a page past the end is an empty ` +
          "array). Without them, every match, streamed from the database as it is read.",
        security: adminSecurity,
        querystring: subscriberQuerySchema,
        response: {
          200: z.array(adminSubscriberSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const { q, status, page, pageSize } = request.query;
      if (isPaged(request.query)) {
        const list = await newsletter.page({
          q,
          status,
          page: page ?? 1,
          pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
        });
        return reply.header("x-total-count", String(list.total)).send(list.items);
      }
      // Every match, streamed from the database a batch at a time.
      reply.header("x-total-count", String(await newsletter.count({ q, status })));
      return sendJsonArray(reply, newsletter.all({ q, status }), adminSubscriberSchema);
    },
  );

  app.get(
    "/newsletter/export.csv",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "exportSubscribers",
        summary:
          "Subscribers as a CSV file (UTF-8 with BOM): address, day subscribed, status and the consent recorded; `q` and `status` as in the list",
        security: adminSecurity,
        querystring: subscriberSearchSchema,
        response: {
          200: csvAnswer("subscribers"),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => sendCsv(reply, "subscribers", newsletter.csvLines(request.query)),
  );

  app.post(
    "/newsletter/import",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "importSubscribers",
        summary: "Import subscribers from a CSV file, with the consent each gave",
        description:
          `multipart/form-data with the file field \`file\` (at most ${megabytes(MAX_IMPORT_BYTES)}): ` +
          "CSV, UTF-8, a header row naming an `email` and a `consent` column (any case, other " +
          "columns ignored). Each row needs a valid address and the consent wording its owner " +
          "agreed to; a row without either is refused with its line number. New addresses are " +
          'stored confirmed, consent source "import"; known addresses stay exactly as they are ' +
          "(an unsubscribed or bounced address is never raised back). At most " +
          `${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows; stored 500 rows at a time, each ` +
          "batch its own transaction (the site keeps answering meanwhile): after a failure " +
          "part way, importing the same file again adds the rest.",
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          200: subscriberImportResultSchema,
          400: invalidAnswer(
            `Not multipart, no file, not a CSV file with a header row naming the Email and Consent columns, or more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows.`,
          ),
          401: errorAnswers.unauthorized,
          413: errorAnswer(`The file is larger than ${megabytes(MAX_IMPORT_BYTES)}.`),
        },
      },
    },
    async (request) => {
      const { file } = await readForm(request, {
        fileField: "file",
        maxFileBytes: MAX_IMPORT_BYTES,
        tooLargeMessage: `The file is too large: at most ${megabytes(MAX_IMPORT_BYTES)}.`,
        consume: (part) => part.toBuffer(),
      });
      if (!file || file.length === 0) throw new Invalid("Choose a CSV file.");
      const { rows, repeated, errors } = await parseImport(file);
      const added = await newsletter.importRows(rows);
      await audit(request, {
        action: "import",
        type: "subscriber",
        id: "import",
        after: { added, refused: errors.length },
      });
      return { added, unchanged: rows.length - added + repeated, errors };
    },
  );

  app.delete(
    "/newsletter/:id",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "deleteSubscriber",
        summary: "Erase a subscriber: the address and its mails go; the log keeps no address",
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
      const erased = await newsletter.remove(request.params.id);
      // Kept for a year, so no address, not even masked: a removal is often an erasure
      // request (NDPA), and the id, day and status say enough of what was removed.
      await audit(request, {
        action: "delete",
        type: "subscriber",
        id: erased._id,
        before: { date: erased.date, status: erased.status },
      });
      return { success: true as const };
    },
  );
}
