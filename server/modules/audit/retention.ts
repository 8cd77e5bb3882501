import type { FastifyInstance } from "fastify";
import type { AuditService } from "./service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the audit log to one year (issue 13): prunes when the app starts, then once a day
 * while it runs. The timer does not hold the process open and stops when the app closes.
 */
export async function keepAuditForAYear(app: FastifyInstance, audit: AuditService) {
  const prune = async () => {
    try {
      const removed = await audit.prune();
      if (removed > 0) app.log.info({ removed }, "audit entries older than a year removed");
    } catch (error) {
      app.log.error({ err: error }, "could not prune the audit log");
    }
  };
  await prune();
  const timer = setInterval(() => void prune(), DAY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
