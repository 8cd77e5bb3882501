import { z } from "zod";
import { CONSENT_PATH } from "../../../common/consent.ts";
import {
  consentRecordSchema,
  consentSummarySchema,
  marketingTagIdsSchema,
} from "../../../common/schemas/marketing-tags.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { auditView, auditWrites } from "../audit/record.ts";

// The Marketing tags screen's API (owners only) and the consent notice's record (public).

const ownerOnly = errorAnswer("The signed-in admin is an editor: only an owner may do this.");
const tagsAnswer = marketingTagIdsSchema.describe(
  "Each tag's ID; a tag without one is off (a fresh install has none)",
);

export function registerMarketingTagRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { marketingTags } = services;
  const audit = auditWrites(services.audit);

  app.get(
    "/marketing-tags",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["marketing-tags"],
        operationId: "getMarketingTags",
        summary: "The IDs of the agency's own marketing tags and the last 30 days' consent",
        security: adminSecurity,
        response: {
          200: z.object({ tags: tagsAnswer, consent: consentSummarySchema }),
          401: errorAnswers.unauthorized,
          403: ownerOnly,
        },
      },
    },
    async () => ({
      tags: await marketingTags.get(),
      consent: await marketingTags.consentSummary(),
    }),
  );

  app.put(
    "/marketing-tags",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["marketing-tags"],
        operationId: "saveMarketingTags",
        summary:
          "Set the marketing tags' IDs (owners only); the pages and their CSP follow at once",
        description:
          "Each ID is checked by the pattern of its tag: no free-form script. A blank or " +
          "absent ID switches its tag off.",
        security: adminSecurity,
        body: z.unknown().describe("{ metaPixel?, googleTag?, tagManager?, linkedIn? }"),
        response: {
          200: tagsAnswer,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { before, after } = await marketingTags.save(request.body);
      await audit(request, {
        action: "update",
        type: "marketing-tags",
        id: "site",
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    },
  );

  app.post(
    CONSENT_PATH.slice("/api".length),
    {
      schema: {
        tags: ["marketing-tags"],
        operationId: "recordConsent",
        summary:
          "Record a visitor's choice on the consent notice (no cookie, nothing that names them)",
        security: [],
        body: consentRecordSchema,
        response: {
          202: z.null().describe("Received; no body."),
          400: errorAnswers.invalid,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      await marketingTags.recordConsent(request.body.choice);
      return reply
        .code(202)
        .header("cache-control", "no-store")
        .send(...([] as unknown as [null]));
    },
  );
}
