import {
  loginSchema,
  meResponseSchema,
  tokenResponseSchema,
} from "../../../common/schemas/auth.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { auditWrites } from "../audit/record.ts";

export function registerAuthRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services } = deps;
  const audit = auditWrites(services.audit);

  app.post(
    "/auth/login",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "login",
        summary: "Sign in; answers a bearer token valid for TOKEN_TTL",
        security: [],
        body: loginSchema,
        response: {
          200: tokenResponseSchema,
          400: errorAnswers.invalid,
          401: errorAnswer("The e-mail address or the password is wrong."),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
          503: errorAnswer(
            "Sign-in is busy: too many sign-ins at once. Try again after `Retry-After` seconds.",
          ),
        },
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
      schema: {
        tags: ["auth"],
        operationId: "getMe",
        summary: "The signed-in admin: id, e-mail, name and role (owner or editor)",
        security: adminSecurity,
        response: { 200: meResponseSchema, 401: errorAnswers.unauthorized },
      },
    },
    async (request) => {
      const { id, email, name, role } = request.admin!;
      return { id, email, name, role };
    },
  );

  app.post(
    "/auth/logout-all",
    {
      schema: {
        tags: ["auth"],
        operationId: "logoutAll",
        summary: "Sign out everywhere: ends every token of the signed-in admin, this one too",
        security: adminSecurity,
        response: { 200: successResponse, 401: errorAnswers.unauthorized },
      },
    },
    async (request) => {
      await services.admins.endSessions(request.admin!.email);
      await audit(request, {
        action: "logout-all",
        type: "session",
        id: request.admin!.id,
      });
      return { success: true as const };
    },
  );
}
