import { tokenResponseSchema } from "../../../common/schemas/auth.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import {
  passkeyAddSchema,
  passkeyIdParam,
  passkeyListSchema,
  passkeyMessages,
  passkeyOptionsSchema,
  passkeyRenameSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  signInMessages,
} from "../../../common/schemas/sign-in.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import { signInContext } from "../staff/context.ts";
import { createPasskeyService } from "./passkeys.ts";

const unavailable = errorAnswer(`${passkeyMessages.passkeysUnavailable} (PUBLIC_ORIGIN is an IP.)`);
const notMine = errorAnswer(
  `${passkeyMessages.passkeyNotFound} (Another account's, or no such id.)`,
);

/**
 * Passkeys (issue 34): mine on My account (list, add, rename, remove; each write in the
 * activity log with the passkey's name, never its key), and signing in with one, alone (no
 * e-mail typed) or as the second step after a password (with its ticket).
 */
export function registerPasskeyRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services, config } = deps;
  const { auth, audit, secondStep } = services;
  const passkeys = createPasskeyService({
    db: services.database.db,
    publicOrigin: config.publicOrigin,
    rpName: async () => (await services.identity.get()).name,
  });

  /** The account of a second-step ticket; 400 when it is bad or too old. */
  const ticketAdmin = async (ticket: string | undefined) => {
    if (ticket === undefined) return undefined;
    const owner = await secondStep.readTicket(ticket);
    if (!owner) throw new Invalid(signInMessages.ticketExpired);
    return owner;
  };

  app.get(
    "/auth/passkeys",
    {
      config: { duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "listMyPasskeys",
        summary:
          "My passkeys (name, when added, when last used, whether synced; oldest first), and " +
          "whether passkeys work on this site (not when PUBLIC_ORIGIN is an IP address)",
        security: adminSecurity,
        response: { 200: passkeyListSchema, 401: errorAnswers.unauthorized },
      },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "no-store")
        .send({ passkeys: await passkeys.list(request.admin!.id), available: passkeys.available }),
  );

  app.post(
    "/auth/passkeys/register-options",
    {
      config: { duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "passkeyRegisterOptions",
        summary:
          "Begins adding a passkey to my account: the options for navigator.credentials.create() " +
          "and the id to finish with (5 minutes, once)",
        security: adminSecurity,
        response: {
          200: passkeyOptionsSchema,
          401: errorAnswers.unauthorized,
          409: errorAnswer(`${unavailable.description} Or: ${passkeyMessages.tooManyPasskeys}`),
        },
      },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "no-store")
        .send(await passkeys.registrationOptions(request.admin!)),
  );

  app.post(
    "/auth/passkeys",
    {
      config: { duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "addPasskey",
        summary: "Adds a passkey to my account: the browser's answer to the register options",
        security: adminSecurity,
        body: passkeyAddSchema,
        response: {
          201: passkeySchema,
          400: errorAnswer(
            `${signInMessages.passkeyFailed} (A failed check, or a used or expired challenge.) Or the name is refused.`,
          ),
          401: errorAnswers.unauthorized,
          409: errorAnswer(`${unavailable.description} Or: ${passkeyMessages.passkeyKnown}`),
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const { challengeId, name, response } = request.body;
      const passkey = await passkeys.register(admin, challengeId, name, response);
      await audit.record({
        actor: admin,
        action: "passkey-add",
        type: "admin",
        id: admin.id,
        after: { name: passkey.name },
      });
      return reply.code(201).send(passkey);
    },
  );

  app.patch(
    "/auth/passkeys/:id",
    {
      schema: {
        tags: ["auth"],
        operationId: "renamePasskey",
        summary: "Renames one of my passkeys",
        security: adminSecurity,
        params: passkeyIdParam,
        body: passkeyRenameSchema,
        response: {
          200: passkeySchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: notMine,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const { before, after } = await passkeys.rename(
        admin.id,
        request.params.id,
        request.body.name,
      );
      if (before.name !== after.name) {
        await audit.record({
          actor: admin,
          action: "passkey-rename",
          type: "admin",
          id: admin.id,
          before: { name: before.name },
          after: { name: after.name },
        });
      }
      return after;
    },
  );

  app.delete(
    "/auth/passkeys/:id",
    {
      schema: {
        tags: ["auth"],
        operationId: "removePasskey",
        summary: "Removes one of my passkeys: it no longer signs anyone in",
        security: adminSecurity,
        params: passkeyIdParam,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: notMine,
        },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const removed = await passkeys.remove(admin.id, request.params.id);
      await audit.record({
        actor: admin,
        action: "passkey-remove",
        type: "admin",
        id: admin.id,
        before: { name: removed.name },
      });
      return { success: true as const };
    },
  );

  app.post(
    "/auth/passkeys/sign-in-options",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "passkeySignInOptions",
        summary:
          "Begins signing in with a passkey: the options for navigator.credentials.get() and " +
          "the id to finish with (5 minutes, once). Without a ticket any passkey of this site " +
          "may answer; with the ticket of a right password, only that account's",
        security: [],
        body: passkeySignInOptionsSchema,
        response: {
          200: passkeyOptionsSchema,
          400: errorAnswer(`${signInMessages.ticketExpired} Or the body is invalid.`),
          409: errorAnswer(`${unavailable.description} Or: ${passkeyMessages.noPasskey}`),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
        },
      },
    },
    async (request, reply) => {
      const owner = await ticketAdmin(request.body.ticket);
      return reply
        .header("cache-control", "no-store")
        .send(await passkeys.signInOptions(owner?.adminId));
    },
  );

  app.post(
    "/auth/passkeys/sign-in",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "passkeySignIn",
        summary:
          "Signs in with a passkey (the browser's answer to the sign-in options): a bearer " +
          "token, as from /api/auth/login. With a ticket the passkey is that account's second step",
        security: [],
        body: passkeySignInSchema,
        response: {
          200: tokenResponseSchema,
          400: errorAnswer(`${signInMessages.ticketExpired} Or the body is invalid.`),
          401: errorAnswer(
            `${signInMessages.unknownPasskey} Or: ${signInMessages.passkeyFailed} (a failed ` +
              "check, another account's passkey with a ticket, a used or expired challenge)",
          ),
          409: unavailable,
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
        },
      },
    },
    async (request, reply) => {
      const { challengeId, response, ticket } = request.body;
      const context = signInContext(request);
      const owner = await ticketAdmin(ticket);
      // A locked account stays locked whatever its second step.
      if (owner) await auth.checkLocks(owner.email, context.ip);
      const adminId = await passkeys.signIn(challengeId, response, owner?.adminId);
      const token = await auth.startSession(
        adminId,
        context,
        owner ? "password+passkey" : "passkey",
      );
      return reply.header("cache-control", "no-store").send({ token });
    },
  );
}
