import { auditPageSchema, auditQuerySchema } from "../../../common/schemas/audit.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers } from "../../openapi.ts";

/** The audit log, for the owner's Activity screen. */
export function registerAuditRoutes(app: ApiApp, { services }: ApiDeps): void {
  app.get(
    "/audit",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["audit"],
        operationId: "listAuditEntries",
        summary: "Who changed what in the back office, newest first (owner only)",
        description:
          "A page of the audit log with the people and types on record (for filters). " +
          "Pass `next` as `before` for the following page; it is null on the last page. " +
          "Entries are kept for one year.",
        security: adminSecurity,
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: errorAnswer("Only the owner can see the activity."),
        },
      },
    },
    async (request, reply) => {
      const [page, facets] = await Promise.all([
        services.audit.list(request.query),
        services.audit.facets(),
      ]);
      return reply.header("cache-control", "no-store").send({ ...page, facets });
    },
  );
}
