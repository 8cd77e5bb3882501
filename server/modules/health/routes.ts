import { z } from "zod";
import type { ApiApp, ApiDeps } from "../../api-types.ts";
import { errorAnswers } from "../../openapi.ts";

export function registerHealthRoutes(app: ApiApp, { services }: ApiDeps): void {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        operationId: "getHealth",
        summary: "Liveness with a database round trip",
        security: [],
        response: {
          200: z.object({ status: z.literal("ok") }),
          415: errorAnswers.undecodable,
          503: z.object({ status: z.literal("unavailable"), error: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await services.database.ping();
        return reply.header("cache-control", "no-store").send({ status: "ok" as const });
      } catch (error) {
        request.log.error({ err: error }, "health check failed");
        return reply
          .code(503)
          .header("cache-control", "no-store")
          .send({ status: "unavailable" as const, error: "Database unavailable" });
      }
    },
  );
}
