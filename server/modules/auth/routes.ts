import {
  loginSchema,
  meResponseSchema,
  tokenResponseSchema,
} from "../../../common/schemas/auth.ts";
import { errorResponse } from "../../../common/schemas/common.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";

export function registerAuthRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services, requireAdmin } = deps;

  app.post(
    "/auth/login",
    {
      config: deps.rateLimited(Math.max(deps.config.rateLimitPerMinute, 20)),
      schema: {
        tags: ["auth"],
        summary: "Sign in; answers a bearer token valid for TOKEN_TTL",
        body: loginSchema,
        response: { 200: tokenResponseSchema, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const token = await services.auth.login(
        request.body.email,
        request.body.password,
        request.ip,
      );
      return reply.header("cache-control", "no-store").send({ token });
    },
  );

  app.get(
    "/auth/me",
    {
      preHandler: requireAdmin,
      schema: {
        tags: ["auth"],
        summary: "The signed-in admin",
        security: adminSecurity,
        response: { 200: meResponseSchema, 401: errorResponse },
      },
    },
    async (request) => ({ email: request.admin!.email }),
  );
}
