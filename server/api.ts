import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiDeps } from "./api-types.ts";
import type { Config } from "./config.ts";
import { NotFound } from "./errors.ts";
import { registerAuthRoutes } from "./modules/auth/routes.ts";
import { registerBlogRoutes } from "./modules/blogs/routes.ts";
import { registerEnquiryRoutes } from "./modules/enquiries/routes.ts";
import { registerHealthRoutes } from "./modules/health/routes.ts";
import { registerNewsletterRoutes } from "./modules/newsletter/routes.ts";
import { registerPriceRoutes } from "./modules/prices/routes.ts";
import { registerVideoRoutes } from "./modules/videos/routes.ts";
import type { Services } from "./services.ts";

export interface ApiOptions {
  services: Services;
  config: Config;
}

/** Everything under /api: JSON in, JSON out, `{ "error": "…" }` for every failure. */
export async function apiPlugin(app: FastifyInstance, { services, config }: ApiOptions) {
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(config.maxImageBytes, config.maxVideoBytes),
      files: 1,
      fields: 20,
      fieldSize: 200 * 1024,
      parts: 25,
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      const error = new Error(
        `Too many requests. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
      ) as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });

  const deps: ApiDeps = {
    services,
    config,
    requireAdmin: async (request) => {
      request.admin = await services.auth.authenticate(request.headers.authorization);
    },
    rateLimited: (perMinute = config.rateLimitPerMinute) => ({
      rateLimit: { max: perMinute, timeWindow: 60_000 },
    }),
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  registerHealthRoutes(api, deps);
  registerAuthRoutes(api, deps);
  registerPriceRoutes(api, deps);
  registerBlogRoutes(api, deps);
  registerVideoRoutes(api, deps);
  registerEnquiryRoutes(api, deps);
  registerNewsletterRoutes(api, deps);

  api.all("/*", { schema: { hide: true } }, async () => {
    throw new NotFound("No such API endpoint.");
  });
}
