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
  recentPasskeysSchema,
  signInMessages,
  stepUpSchema,
} from "../../../common/schemas/sign-in.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Conflict, Invalid } from "../../errors.ts";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import { tellNewFactor } from "./new-factor.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { signInContext } from "../staff/context.ts";

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
  const { auth, audit, secondStep, passkeys, stepUp, notifier } = services;

  /** The account of a second-step ticket; 400 when it is bad, too old or used. */
  const ticketAdmin = async (ticket: string | undefined) =>
    ticket === undefined ? undefined : secondStep.accountOfTicket(ticket);

  app.get(
    "/auth/passkeys",
    {
      config: { authors: true, duringSetup: true },
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

  app.get(
    "/auth/passkeys/recent",
    {
      config: { authors: true, duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "listMyRecentPasskeys",
        summary:
          "My passkeys added within the life of a session (TOKEN_TTL, 12 hours by default), " +
          "newest first: those a stolen session could have added, which signing out " +
          "everywhere, signing out the other devices and a password reset offer to remove",
        security: adminSecurity,
        response: { 200: recentPasskeysSchema, 401: errorAnswers.unauthorized },
      },
    },
    async (request, reply) => {
      const since = new Date(Date.now() - config.tokenTtlSeconds * 1000).toISOString();
      return reply
        .header("cache-control", "no-store")
        .send({ since, passkeys: await passkeys.addedSince(request.admin!.id, since) });
    },
  );

  app.post(
    "/auth/passkeys/register-options",
    {
      config: { authors: true, duringSetup: true, limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "passkeyRegisterOptions",
        summary:
          "Begins adding a passkey to my account, with my password again (or a fresh code of " +
          "my authenticator app): the options for navigator.credentials.create() and the id " +
          "to finish with (5 minutes, once)",
        security: adminSecurity,
        body: stepUpSchema.nullish(),
        response: {
          200: passkeyOptionsSchema,
          400: invalidAnswer(
            `${signInMessages.stepUpRequired} Or: ${accountMessages.wrongCurrentPassword} Or: ${signInMessages.wrongCode}`,
          ),
          401: errorAnswers.unauthorized,
          409: errorAnswer(`${unavailable.description} Or: ${passkeyMessages.tooManyPasskeys}`),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
        },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      // Said first: on a site reached by an IP address no password helps.
      if (!passkeys.available) throw new Conflict(passkeyMessages.passkeysUnavailable);
      await stepUp.confirm(admin, request.body, request.ip);
      return reply
        .header("cache-control", "no-store")
        .send(await passkeys.registrationOptions(admin));
    },
  );

  app.post(
    "/auth/passkeys",
    {
      config: { authors: true, duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "addPasskey",
        summary:
          "Adds a passkey to my account: the browser's answer to the register options; a mail " +
          "tells the account's address",
        security: adminSecurity,
        body: passkeyAddSchema,
        response: {
          201: passkeySchema,
          400: invalidAnswer(
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
      tellNewFactor(notifier, request, admin, { kind: "passkey", name: passkey.name });
      return reply.code(201).send(passkey);
    },
  );

  app.patch(
    "/auth/passkeys/:id",
    {
      config: { authors: true },
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
      config: { authors: true },
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
          400: invalidAnswer(
            `${signInMessages.ticketExpired} Or: ${signInMessages.ticketUsed} Or the body is invalid.`,
          ),
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
          400: invalidAnswer(
            `${signInMessages.ticketExpired} Or: ${signInMessages.ticketUsed} Or the body is invalid.`,
          ),
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
      // One ticket, one sign-in, as with a code.
      if (owner && !(await secondStep.takeTicket(owner))) {
        throw new Invalid(signInMessages.ticketUsed);
      }
      const token = await auth.startSession(
        adminId,
        context,
        owner ? "password+passkey" : "passkey",
      );
      return reply.header("cache-control", "no-store").send({ token });
    },
  );
}
