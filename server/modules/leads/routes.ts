import { z } from "zod";
import { idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  dueLeadsSchema,
  leadOwnersSchema,
  leadSchema,
  leadUpdateSchema,
  noteInputSchema,
  noteSchema,
  replyInputSchema,
  replySchema,
  replyTemplateInputSchema,
  replyTemplateOrderSchema,
  replyTemplateSchema,
  pipelineQuerySchema,
  pipelineSchema,
} from "../../../common/schemas/leads.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";

const enquiryNotFound = errorAnswer("There is no enquiry with this id.");
const templateNotFound = errorAnswer("There is no reply template with this id.");

/** The lead pipeline (issue 52, item 1): owner, stage, value, follow-up, notes, the board. */
export function registerLeadRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { leads } = services;

  app.get(
    "/leads",
    {
      schema: {
        tags: ["leads"],
        operationId: "getPipeline",
        summary: "The board: each stage's leads, count and value in naira, for the filters",
        security: adminSecurity,
        querystring: pipelineQuerySchema,
        response: {
          200: pipelineSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request) => leads.pipeline(request.query),
  );

  app.get(
    "/leads/due",
    {
      schema: {
        tags: ["leads"],
        operationId: "getDueLeads",
        summary: "Open leads to follow up today (Lagos time) or earlier, the dashboard's list",
        security: adminSecurity,
        querystring: z.object({ mine: z.enum(["1"]).optional() }),
        response: {
          200: dueLeadsSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request) => leads.due(request.query.mine ? request.admin!.id : undefined),
  );

  app.get(
    "/leads/owners",
    {
      schema: {
        tags: ["leads"],
        operationId: "listLeadOwners",
        summary: "The staff who may own a lead",
        security: adminSecurity,
        response: { 200: leadOwnersSchema, 401: errorAnswers.unauthorized },
      },
    },
    async () => leads.owners(),
  );

  app.get(
    "/leads/:id",
    {
      schema: {
        tags: ["leads"],
        operationId: "getLead",
        summary: "An enquiry's lead: owner, stage, value, follow-up date",
        security: adminSecurity,
        params: idParam,
        response: {
          200: leadSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
        },
      },
    },
    async (request) => leads.get(request.params.id),
  );

  app.patch(
    "/leads/:id",
    {
      schema: {
        tags: ["leads"],
        operationId: "updateLead",
        summary:
          "Set an enquiry's owner (who is mailed), stage (lost needs a reason), value or follow-up date",
        security: adminSecurity,
        params: idParam,
        body: leadUpdateSchema,
        response: {
          200: leadSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => leads.update(request.params.id, request.body, request.admin!),
  );

  app.get(
    "/leads/:id/notes",
    {
      schema: {
        tags: ["leads"],
        operationId: "listLeadNotes",
        summary: "The notes staff wrote on an enquiry, oldest first",
        security: adminSecurity,
        params: idParam,
        response: {
          200: z.array(noteSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
        },
      },
    },
    async (request) => leads.notes(request.params.id),
  );

  app.post(
    "/leads/:id/notes",
    {
      schema: {
        tags: ["leads"],
        operationId: "addLeadNote",
        summary: "Add a note to an enquiry (its time and author are kept, and in Activity)",
        security: adminSecurity,
        params: idParam,
        body: noteInputSchema,
        response: {
          201: noteSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await leads.addNote(request.params.id, request.body.body, request.admin!)),
  );

  app.get(
    "/leads/:id/replies",
    {
      schema: {
        tags: ["leads"],
        operationId: "listLeadReplies",
        summary: "The replies sent from the inbox, oldest first, each with its delivery state",
        security: adminSecurity,
        params: idParam,
        response: {
          200: z.array(replySchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
        },
      },
    },
    async (request) => services.leadReplies.list(request.params.id),
  );

  app.post(
    "/leads/:id/replies",
    {
      schema: {
        tags: ["leads"],
        operationId: "sendLeadReply",
        summary:
          "Reply to the visitor from the agency's address, through the outbox, in the thread of the enquiry's notification mail",
        security: adminSecurity,
        params: idParam,
        body: replyInputSchema,
        response: {
          201: replySchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await services.leadReplies.send(request.params.id, request.body, request.admin!)),
  );

  registerReplyTemplateRoutes(app, services.replyTemplates);
}

/** The reply templates staff keep (item 3): the reply form starts from one of them. */
function registerReplyTemplateRoutes(
  app: ApiApp,
  templates: ApiDeps["services"]["replyTemplates"],
) {
  const tags = ["leads"];
  app.get(
    "/reply-templates",
    {
      schema: {
        tags,
        operationId: "listReplyTemplates",
        summary:
          "The reply templates, in their order ({name} and {package} are filled in when used)",
        security: adminSecurity,
        response: { 200: z.array(replyTemplateSchema), 401: errorAnswers.unauthorized },
      },
    },
    async () => templates.list(),
  );

  app.post(
    "/reply-templates",
    {
      schema: {
        tags,
        operationId: "createReplyTemplate",
        summary: "Add a reply template (at the end)",
        security: adminSecurity,
        body: replyTemplateInputSchema,
        response: {
          201: replyTemplateSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          409: errorAnswer("There are already as many templates as the site keeps."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await templates.create(request.body, request.admin!)),
  );

  app.put(
    "/reply-templates/order",
    {
      schema: {
        tags,
        operationId: "reorderReplyTemplates",
        summary: "Put the reply templates in this order (every id once)",
        security: adminSecurity,
        body: replyTemplateOrderSchema,
        response: {
          200: z.array(replyTemplateSchema),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => templates.reorder(request.body.ids, request.admin!),
  );

  app.put(
    "/reply-templates/:id",
    {
      schema: {
        tags,
        operationId: "updateReplyTemplate",
        summary: "Change a reply template's name, subject or text",
        security: adminSecurity,
        params: idParam,
        body: replyTemplateInputSchema,
        response: {
          200: replyTemplateSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: templateNotFound,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => templates.update(request.params.id, request.body, request.admin!),
  );

  app.delete(
    "/reply-templates/:id",
    {
      schema: {
        tags,
        operationId: "deleteReplyTemplate",
        summary: "Delete a reply template (replies already sent keep their words)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: templateNotFound,
        },
      },
    },
    async (request) => {
      await templates.remove(request.params.id, request.admin!);
      return { success: true as const };
    },
  );
}
