import { z } from "zod";
import { successResponse } from "../../../common/schemas/common.ts";
import { pageInputSchema, pageSchema, pageSummarySchema } from "../../../common/schemas/pages.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { auditView, auditWrites } from "../audit/record.ts";

// Pages staff make (decision 0030). Owners and editors write them, like posts; the public
// reads a published page through its route (app/routes/page.tsx), not through the API.

const pageParams = z.object({ id: z.string().trim().min(1).max(64) });
const pageNotFound = errorAnswer("There is no page with this id.");
const slugTaken = errorAnswer("Another page has this address.");
const invalid = invalidAnswer(
  "The request is invalid (`error` says what to fix), or the address is one of the site's own pages.",
);

/** What the log keeps of a page: its fields, the share image as one short value. */
const pageView = (page: object) => auditView(page);
/** "publish", "unpublish" or "update". */
const updateAction = (before: { status: string }, after: { status: string }) =>
  before.status === after.status
    ? "update"
    : after.status === "published"
      ? "publish"
      : "unpublish";

export function registerPageRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { pages } = services;
  const audit = auditWrites(services.audit);

  app.get(
    "/pages",
    {
      schema: {
        tags: ["pages"],
        operationId: "listPages",
        summary: "Every page staff made, drafts included, by title",
        security: adminSecurity,
        response: { 200: z.array(pageSummarySchema), 401: errorAnswers.unauthorized },
      },
    },
    async () => pages.list(),
  );

  app.post(
    "/pages",
    {
      schema: {
        tags: ["pages"],
        operationId: "createPage",
        summary: "Make a page, shown at /{slug} once published",
        security: adminSecurity,
        body: pageInputSchema,
        response: {
          201: pageSchema,
          400: invalid,
          401: errorAnswers.unauthorized,
          409: slugTaken,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const page = await pages.create(request.body, request.admin!.id);
      await audit(request, {
        action: "create",
        type: "page",
        id: page.id,
        after: pageView(page),
      });
      return reply.code(201).send(page);
    },
  );

  app.get(
    "/pages/:id",
    {
      schema: {
        tags: ["pages"],
        operationId: "getPage",
        summary: "One page, draft or published",
        security: adminSecurity,
        params: pageParams,
        response: {
          200: pageSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: pageNotFound,
        },
      },
    },
    async (request) => pages.get(request.params.id),
  );

  app.put(
    "/pages/:id",
    {
      schema: {
        tags: ["pages"],
        operationId: "updatePage",
        summary: "Change a page (every field is sent)",
        security: adminSecurity,
        params: pageParams,
        body: pageInputSchema,
        response: {
          200: pageSchema,
          400: invalid,
          401: errorAnswers.unauthorized,
          404: pageNotFound,
          409: slugTaken,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { before, after } = await pages.update(request.params.id, request.body);
      await audit(request, {
        action: updateAction(before, after),
        type: "page",
        id: after.id,
        before: pageView(before),
        after: pageView(after),
      });
      return after;
    },
  );

  app.delete(
    "/pages/:id",
    {
      schema: {
        tags: ["pages"],
        operationId: "deletePage",
        summary: "Delete a page (its share image goes with it)",
        security: adminSecurity,
        params: pageParams,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: pageNotFound,
        },
      },
    },
    async (request) => {
      const before = await pages.remove(request.params.id);
      await audit(request, {
        action: "delete",
        type: "page",
        id: before.id,
        before: pageView(before),
      });
      return { success: true as const };
    },
  );
}
