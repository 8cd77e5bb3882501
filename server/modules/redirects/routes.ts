import { z } from "zod";
import { DEFAULT_PAGE_SIZE, idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  MAX_REDIRECT_CSV_BYTES,
  notFoundDeleteSchema,
  notFoundListQuerySchema,
  notFoundSchema,
  redirectImportResultSchema,
  redirectInputSchema,
  redirectListQuerySchema,
  redirectSchema,
  type Redirect,
} from "../../../common/schemas/redirects.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { megabytes, readForm } from "../../media/multipart.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { auditWrites } from "../audit/record.ts";

// The Redirects screen's calls (issue 51). Owners and editors keep the site's addresses.

const notFoundAnswer = errorAnswer("There is no redirect with this id.");
const taken = errorAnswer("Another redirect starts from this old address.");
const view = (redirect: Redirect) => ({
  from: redirect.from,
  to: redirect.to,
  status: redirect.status,
});

export function registerRedirectRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { redirects } = services;
  const audit = auditWrites(services.audit);

  app.get(
    "/admin/redirects",
    {
      schema: {
        tags: ["redirects"],
        operationId: "listRedirects",
        summary: "The redirects, newest first, with their hits; `q` searches both addresses",
        description:
          "One page (`page`, `pageSize`, default 50); X-Total-Count gives how many match. Hits " +
          "are counted in memory and written every few seconds.",
        security: adminSecurity,
        querystring: redirectListQuerySchema,
        response: {
          200: z.array(redirectSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const { q, page, pageSize } = request.query;
      const list = await redirects.list({
        q,
        page: page ?? 1,
        pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
      });
      return reply.header("x-total-count", String(list.total)).send(list.items);
    },
  );

  app.post(
    "/admin/redirects",
    {
      schema: {
        tags: ["redirects"],
        operationId: "createRedirect",
        summary: "Redirect an old address (a path with its query, or a whole address) to a new one",
        description:
          "`from` is matched without regard to case or a trailing slash, its query sorted; " +
          "`to` is a path of this site or an http(s) address; `status` 301 (default) or 302. " +
          "A redirect that would loop is refused.",
        security: adminSecurity,
        body: redirectInputSchema,
        response: {
          201: redirectSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          409: taken,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const redirect = await redirects.create(request.body);
      await audit(request, {
        action: "create",
        type: "redirect",
        id: redirect.id,
        after: view(redirect),
      });
      return reply.code(201).send(redirect);
    },
  );

  app.put(
    "/admin/redirects/:id",
    {
      schema: {
        tags: ["redirects"],
        operationId: "updateRedirect",
        summary: "Change a redirect (an import's becomes staff's: a later import leaves it)",
        security: adminSecurity,
        params: idParam,
        body: redirectInputSchema,
        response: {
          200: redirectSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: notFoundAnswer,
          409: taken,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { before, after } = await redirects.update(request.params.id, request.body);
      await audit(request, {
        action: "update",
        type: "redirect",
        id: after.id,
        before: view(before),
        after: view(after),
      });
      return after;
    },
  );

  app.delete(
    "/admin/redirects/:id",
    {
      schema: {
        tags: ["redirects"],
        operationId: "deleteRedirect",
        summary: "Remove a redirect: its old address answers as any other again",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: notFoundAnswer,
        },
      },
    },
    async (request) => {
      const removed = await redirects.remove(request.params.id);
      await audit(request, {
        action: "delete",
        type: "redirect",
        id: removed.id,
        before: view(removed),
      });
      return { success: true as const };
    },
  );

  app.post(
    "/admin/redirects/import",
    {
      schema: {
        tags: ["redirects"],
        operationId: "importRedirects",
        summary: "Add or change redirects from a CSV file (`from`, `to`, `status` columns)",
        description:
          `multipart/form-data with the file field \`file\` (at most ${megabytes(MAX_REDIRECT_CSV_BYTES)}), ` +
          "UTF-8 CSV with a header row naming `from` and `to` (and `status`, 301 when blank). " +
          "A known old address is changed; a row that is refused is named by its line.",
        consumes: ["multipart/form-data"],
        security: adminSecurity,
        response: {
          200: redirectImportResultSchema,
          400: invalidAnswer("Not multipart, no file, or not a CSV file with From and To columns."),
          401: errorAnswers.unauthorized,
          413: errorAnswer(`The file is larger than ${megabytes(MAX_REDIRECT_CSV_BYTES)}.`),
        },
      },
    },
    async (request) => {
      const { file } = await readForm(request, {
        fileField: "file",
        maxFileBytes: MAX_REDIRECT_CSV_BYTES,
        tooLargeMessage: `The file is too large: at most ${megabytes(MAX_REDIRECT_CSV_BYTES)}.`,
        consume: (part) => part.toBuffer(),
      });
      if (!file || file.length === 0) throw new Invalid("Choose a CSV file.");
      const result = await redirects.importCsv(file);
      await audit(request, {
        action: "import",
        type: "redirect",
        id: "import",
        after: { added: result.added, updated: result.updated, refused: result.errors.length },
      });
      return result;
    },
  );

  app.get(
    "/admin/not-found",
    {
      schema: {
        tags: ["redirects"],
        operationId: "listNotFound",
        summary: "The addresses visitors asked for that answered 404, seen last first",
        description:
          "Counted per address (its path without a trailing slash, the query sorted), visitors " +
          "(`hits`) and bots (`botHits`) apart; `bots=true` lists the addresses only bots asked " +
          "for too. The newest 5,000 addresses are kept. One page; X-Total-Count.",
        security: adminSecurity,
        querystring: notFoundListQuerySchema,
        response: {
          200: z.array(notFoundSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const { bots, page, pageSize } = request.query;
      const list = await redirects.notFound({
        bots: bots === "true",
        page: page ?? 1,
        pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
      });
      return reply.header("x-total-count", String(list.total)).send(list.items);
    },
  );

  app.delete(
    "/admin/not-found",
    {
      schema: {
        tags: ["redirects"],
        operationId: "dismissNotFound",
        summary: "Drop an address from the Not found list",
        security: adminSecurity,
        body: notFoundDeleteSchema,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: errorAnswer("That address is not in the list."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      await redirects.dismissNotFound(request.body.path);
      return { success: true as const };
    },
  );
}
