import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signInMessages } from "../common/schemas/sign-in.ts";
import { accountMessages } from "../common/schemas/accounts.ts";
import { requiresAdmin, rolesOf, type ApiDeps } from "./api-types.ts";
import type { Config } from "./config.ts";
import { Forbidden, NotFound } from "./errors.ts";
import { errorAnswer } from "./openapi.ts";
import { registerAuditRoutes } from "./modules/audit/routes.ts";
import { registerBlogRoutes } from "./modules/blogs/routes.ts";
import { registerContentRoutes } from "./modules/content/routes.ts";
import { registerEnquiryRoutes } from "./modules/enquiries/routes.ts";
import { registerLeadRoutes } from "./modules/leads/routes.ts";
import { registerContactRoutes } from "./modules/contacts/routes.ts";
import { registerBookingRoutes } from "./modules/bookings/routes.ts";
import { registerIdentityRoutes } from "./modules/identity/routes.ts";
import { registerHealthRoutes } from "./modules/health/routes.ts";
import { registerMailRoutes } from "./modules/mail/routes.ts";
import { registerMarketingTagRoutes } from "./modules/marketing-tags/routes.ts";
import { registerMediaApiRoutes } from "./modules/media/routes.ts";
import { registerNewsletterRoutes } from "./modules/newsletter/routes.ts";
import { registerNewsletterSendRoutes } from "./modules/newsletter/send-routes.ts";
import { registerPageRoutes } from "./modules/pages/routes.ts";
import { registerPaymentRoutes } from "./modules/payments/routes.ts";
import { registerPriceRoutes } from "./modules/prices/routes.ts";
import { registerRedirectRoutes } from "./modules/redirects/routes.ts";
import { registerSetupRoutes } from "./modules/setup/routes.ts";
import { registerImportRoutes } from "./modules/imports/routes.ts";
import { registerPasskeyRoutes } from "./modules/two-step/passkey-routes.ts";
import { registerStaffRoutes } from "./modules/staff/routes.ts";
import { registerSessionRoutes } from "./modules/staff/session-routes.ts";
import { registerTrafficBeaconRoutes } from "./modules/traffic/beacon-routes.ts";
import { registerTrafficRoutes } from "./modules/traffic/routes.ts";
import { registerTwoStepRoutes } from "./modules/two-step/routes.ts";
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
  // Every route documented as needing the admin token checks it first, on request:
  // before its body is read or validated, so a stranger's bad body answers 401, not 400.
  const requireAdmin = async (request: FastifyRequest) => {
    request.admin = await services.auth.authenticate(request.headers.authorization);
    if (request.admin.setupRequired && !request.routeOptions.config.duringSetup) {
      throw new Forbidden(signInMessages.setupRequired);
    }
    const { role } = request.admin;
    if (!rolesOf(request.routeOptions.config).includes(role)) {
      throw new Forbidden(role === "author" ? accountMessages.authorNotAllowed : undefined);
    }
  };
  app.addHook("onRoute", (route) => {
    if (!requiresAdmin(route.schema?.security)) return;
    const existing = route.onRequest ?? [];
    route.onRequest = [...(Array.isArray(existing) ? existing : [existing]), requireAdmin];
    // Its roles, in its OpenAPI security: the bearer token of one of these (decision 0051).
    const roles = rolesOf(route.config);
    const response = (route.schema!.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...route.schema,
      security: [{ bearerAuth: roles }],
      response: {
        ...response,
        403:
          response[403] ??
          errorAnswer(`Refused to a signed-in admin who is not ${roles.join(", ")}.`),
      },
    };
  });

  const deps: ApiDeps = {
    services,
    config,
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  registerHealthRoutes(api, deps);
  registerStaffRoutes(api, deps);
  registerSessionRoutes(api, deps);
  registerPasskeyRoutes(api, deps);
  registerPriceRoutes(api, deps);
  registerBlogRoutes(api, deps);
  registerVideoRoutes(api, deps);
  registerEnquiryRoutes(api, deps);
  registerNewsletterRoutes(api, deps);
  registerNewsletterSendRoutes(api, deps);
  registerContentRoutes(api, deps);
  registerAuditRoutes(api, deps);
  registerPageRoutes(api, deps);
  registerIdentityRoutes(api, deps);
  registerMailRoutes(api, deps);
  registerMarketingTagRoutes(api, deps);
  registerMediaApiRoutes(api, deps);
  registerTrafficBeaconRoutes(api, deps);
  registerTrafficRoutes(api, deps);
  registerTwoStepRoutes(api, deps);
  registerPaymentRoutes(api, deps);
  registerRedirectRoutes(api, deps);
  registerImportRoutes(api, deps);
  registerSetupRoutes(api, deps);
  registerLeadRoutes(api, deps);
  registerContactRoutes(api, deps);
  registerBookingRoutes(api, deps);

  const unknownEndpoint = async () => {
    throw new NotFound("No such API endpoint.");
  };
  api.all("/", { schema: { hide: true } }, unknownEndpoint);
  api.all("/*", { schema: { hide: true } }, unknownEndpoint);
}
