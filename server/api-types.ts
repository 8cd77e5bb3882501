import type {
  FastifyBaseLogger,
  FastifyInstance,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Services } from "./services.ts";

/** The Fastify instance the API routes are declared on, typed by the zod schemas. */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface ApiDeps {
  services: Services;
  config: Config;
  /** preHandler that answers 401 unless the request carries a valid admin token. */
  requireAdmin: preHandlerAsyncHookHandler;
  /** Route config for a per-IP rate limit on public writes. */
  rateLimited: (perMinute?: number) => { rateLimit: { max: number; timeWindow: number } };
}

declare module "fastify" {
  interface FastifyRequest {
    admin?: { id: string; email: string };
  }
}

/** OpenAPI security requirement for admin-only routes. */
export const adminSecurity = [{ bearerAuth: [] }];
