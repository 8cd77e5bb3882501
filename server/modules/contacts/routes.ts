import { idParam } from "../../../common/schemas/common.ts";
import {
  contactCountsQuerySchema,
  contactCountsSchema,
  contactMergeSchema,
  contactSchema,
  contactSplitSchema,
} from "../../../common/schemas/contacts.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";

const enquiryNotFound = errorAnswer(
  "There is no enquiry with this id (or, merging, none with the e-mail, phone or id given).",
);

/** One contact per person (issue 52, item 2): an enquiry's contact, merge and split. */
export function registerContactRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { contacts } = services;

  app.get(
    "/contact/person-counts",
    {
      schema: {
        tags: ["contacts"],
        operationId: "getContactCounts",
        summary: "How many enquiries the person of each listed enquiry has (the inbox's count)",
        security: adminSecurity,
        querystring: contactCountsQuerySchema,
        response: {
          200: contactCountsSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request) => contacts.counts(request.query.ids),
  );

  app.get(
    "/contact/:id/person",
    {
      schema: {
        tags: ["contacts"],
        operationId: "getContact",
        summary:
          "The person of an enquiry: their enquiries (form, page, source, date, stage) and newsletter status",
        security: adminSecurity,
        params: idParam,
        response: {
          200: contactSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
        },
      },
    },
    async (request) => contacts.get(request.params.id),
  );

  app.post(
    "/contact/:id/person/merge",
    {
      schema: {
        tags: ["contacts"],
        operationId: "mergeContacts",
        summary:
          "Merge another person (named by an e-mail, phone or enquiry id) into this enquiry's: in Activity",
        security: adminSecurity,
        params: idParam,
        body: contactMergeSchema,
        response: {
          200: contactSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => contacts.merge(request.params.id, request.body.with, request.admin!),
  );

  app.post(
    "/contact/:id/person/split",
    {
      schema: {
        tags: ["contacts"],
        operationId: "splitContact",
        summary:
          "Split this enquiry (and any listed with it) out of its person into a new one: in Activity",
        security: adminSecurity,
        params: idParam,
        body: contactSplitSchema,
        response: {
          200: contactSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: enquiryNotFound,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) =>
      contacts.split(request.params.id, request.body.together ?? [], request.admin!),
  );
}
