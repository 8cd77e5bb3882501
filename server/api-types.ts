import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { AdminRole, SignedInAdmin } from "./modules/staff/types.ts";
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
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Only an owner may call it: an editor gets 403 (staff accounts, the audit log). */
    ownerOnly?: boolean;
    /**
     * An author may call it too (decision 0051): their own account, their own posts (the
     * route narrows it to them). Every other admin route refuses an author (403).
     */
    authors?: boolean;
    /**
     * Open to an admin whom the owners' requirement holds on the set-up screen (issue 34):
     * who am I, my second steps, adding one, signing out. Every other admin route answers
     * 403 to them.
     */
    duringSetup?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in admin, on routes that declare `adminSecurity`. */
    admin?: SignedInAdmin;
  }
}

/**
 * OpenAPI security requirement for admin-only routes. It is also what makes a route
 * admin-only: the API plugin checks the bearer token of every route that declares it,
 * before the body is read (server/api.ts).
 */
export const adminSecurity = [{ bearerAuth: [] }];

/** True when a route's OpenAPI security asks for the admin bearer token. */
export function requiresAdmin(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.some((entry) => typeof entry === "object" && entry !== null && "bearerAuth" in entry)
  );
}

/**
 * Who may call an admin route, from its config (decision 0051): owners only (`ownerOnly`),
 * everyone signed in (`authors`), else editors and owners. The API plugin refuses the other
 * roles (403) and writes these roles in the route's OpenAPI `security` (bearerAuth's list).
 */
export function rolesOf(config: { ownerOnly?: boolean; authors?: boolean } = {}): AdminRole[] {
  if (config.ownerOnly) return ["owner"];
  if (config.authors) return ["owner", "editor", "author"];
  return ["owner", "editor"];
}
