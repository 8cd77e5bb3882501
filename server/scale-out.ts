import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import type { Services } from "./services.ts";

/**
 * What several instances of the site share besides the database (issue 10): nothing yet.
 * Called once per app, after the services and before the rate limits.
 */
export interface ScaleOut {
  close(): Promise<void>;
}

export async function connectScaleOut(
  _app: FastifyInstance,
  _config: Config,
  _services: Services,
): Promise<ScaleOut> {
  return { close: async () => {} };
}
