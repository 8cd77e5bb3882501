import { z } from "zod";
import { samplesRemovedSchema, setupStateSchema } from "../../../common/schemas/setup.ts";
import { siteIdentitySchema } from "../../../common/schemas/identity.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";

// The dashboard's set-up card (issue 47, decision 0042): its state, its answer and "Remove
// sample content" (also on the Site identity screen). Owners only for the writes.

const ownerOnly = errorAnswer("Only an owner may set the site up.");

export function registerSetupRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { setup, audit } = services;

  app.get(
    "/setup",
    {
      schema: {
        tags: ["identity"],
        operationId: "getSiteSetup",
        summary: "Whether the dashboard shows the set-up card",
        security: adminSecurity,
        response: { 200: setupStateSchema, 401: errorAnswers.unauthorized },
      },
    },
    async () => setup.state(),
  );

  app.post(
    "/setup",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["identity"],
        operationId: "setSiteUp",
        summary:
          "The set-up card's answer (owners only): the agency's name, my name and real e-mail, and whether to keep the sample content",
        security: adminSecurity,
        body: z.unknown().describe("agencyName, name, email, keepSamples"),
        response: {
          200: z.object({
            email: z.string(),
            removed: samplesRemovedSchema.nullable(),
            identity: siteIdentitySchema,
          }),
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          409: errorAnswer("Another account has this e-mail."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const done = await setup.complete(admin, request.body);
      await audit.record({
        actor: admin,
        action: "update",
        type: "setup",
        id: "site",
        before: { email: admin.email, name: admin.name },
        after: { email: done.email, agencyName: done.identity.name, removed: done.removed },
      });
      return done;
    },
  );

  app.post(
    "/setup/remove-samples",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["identity"],
        operationId: "removeSampleContent",
        summary:
          "Removes the sample posts, the built-in gallery, brands, testimonials and team (as seeded) and the portfolio's sample videos (owners only)",
        security: adminSecurity,
        response: { 200: samplesRemovedSchema, 401: errorAnswers.unauthorized, 403: ownerOnly },
      },
    },
    async (request) => {
      const removed = await setup.removeSamples();
      await audit.record({
        actor: request.admin!,
        action: "delete",
        type: "setup",
        id: "samples",
        before: null,
        after: removed,
      });
      return removed;
    },
  );
}
