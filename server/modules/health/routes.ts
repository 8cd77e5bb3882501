import { z } from "zod";
import type { ApiApp, ApiDeps } from "../../api-types.ts";
import { DatabaseUnavailable } from "../../db/availability.ts";
import { throttledWarning } from "../../lib/throttled-warning.ts";
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
        // An unavailable database is logged once each way by the database itself
        // (db/availability.ts), not once per probe.
        if (!(error instanceof DatabaseUnavailable)) {
          request.log.error({ err: error }, "health check failed");
        }
        return reply
          .code(503)
          .header("cache-control", "no-store")
          .send({ status: "unavailable" as const, error: "Database unavailable" });
      }
    },
  );

  const part = z.enum(["ok", "unavailable"]);
  // A load balancer asks every few seconds: an outage writes one line per 30 s, not one per
  // probe (the database's own "unreachable" and "back" lines say when it began and ended).
  const notReady = throttledWarning(app.log, 30_000, "error");
  app.get(
    "/ready",
    {
      schema: {
        tags: ["health"],
        operationId: "getReadiness",
        summary: "Readiness: the database, and Redis and media storage when configured",
        description:
          "For a load balancer: 200 when every configured part answers, otherwise 503 naming the failing parts. The reasons are in the server's log (one line per 30 s while it lasts, with each part's kind of failure: unreachable, busy, timeout or error), not in the answer.",
        security: [],
        response: {
          200: z.object({
            status: z.literal("ready"),
            checks: z.record(z.string(), part),
          }),
          415: errorAnswers.undecodable,
          503: z.object({
            status: z.literal("unavailable"),
            failing: z.array(z.string()),
            checks: z.record(z.string(), part),
          }),
        },
      },
    },
    async (request, reply) => {
      const report = await services.readiness.report();
      const checks = Object.fromEntries(
        Object.entries(report.checks).map(([name, state]) => [
          name,
          state === "ok" ? ("ok" as const) : ("unavailable" as const),
        ]),
      );
      reply.header("cache-control", "no-store");
      if (report.ready) return reply.send({ status: "ready" as const, checks });
      const failing = Object.keys(checks).filter((name) => checks[name] !== "ok");
      notReady(
        failing.join(","),
        { checks: report.checks, failures: report.failures },
        `not ready: ${failing.join(", ")}`,
        request.log,
      );
      return reply.code(503).send({ status: "unavailable" as const, failing, checks });
    },
  );
}
