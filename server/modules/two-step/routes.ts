import { passkeysAvailableAt } from "./passkeys.ts";
import { accountMessages } from "../../../common/schemas/accounts.ts";
import { tokenResponseSchema } from "../../../common/schemas/auth.ts";
import { successResponse } from "../../../common/schemas/common.ts";
import {
  authSettingsSchema,
  currentPasswordSchema,
  recoveryCodesSchema,
  secondStepInputSchema,
  securityStatusSchema,
  signInMessages,
  totpConfirmSchema,
  stepUpSchema,
  totpSetupSchema,
} from "../../../common/schemas/sign-in.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Conflict, Invalid, NotFound, Unauthorized } from "../../errors.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { signInContext } from "../staff/context.ts";
import type { SignedInAdmin } from "../staff/types.ts";
import { tellNewFactor } from "./new-factor.ts";
import { normaliseRecoveryCode } from "./recovery.ts";

const ownerOnly = errorAnswer("The signed-in admin is an editor: only an owner may do this.");
const setupHeld = errorAnswer(signInMessages.setupRequired);
const wrongPassword = invalidAnswer(accountMessages.wrongCurrentPassword);
const stepUpRefused = invalidAnswer(
  `${signInMessages.stepUpRequired} Or: ${accountMessages.wrongCurrentPassword} Or: ${signInMessages.wrongCode}`,
);
const hashBusy = errorAnswer(
  "Too many password checks at once: try again after `Retry-After` seconds.",
);
const noApp = "No authenticator app is set up on your account.";

/**
 * The second step of signing in (issue 34): the code after the password, my authenticator
 * app and recovery codes, where I stand, and the owners' requirement. Every change is in
 * the activity log (type "admin", or "auth-settings"); no secret or code ever goes into it.
 */
export function registerTwoStepRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services, config } = deps;
  const { auth, audit, secondStep, identity, stepUp, notifier } = services;
  const { totp, recovery, settings } = secondStep;
  const database = services.database.db;
  const passkeysAvailable = passkeysAvailableAt(config.publicOrigin);

  const record = (admin: SignedInAdmin, action: string) =>
    audit.record({ actor: admin, action, type: "admin", id: admin.id });

  app.post(
    "/auth/login/second-step",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "loginSecondStep",
        summary:
          "The second step of signing in: the ticket from /api/auth/login with a 6-digit " +
          "code of the authenticator app or a recovery code; answers a bearer token",
        security: [],
        body: secondStepInputSchema,
        response: {
          200: tokenResponseSchema,
          400: invalidAnswer(
            `${signInMessages.ticketExpired} Or: ${signInMessages.ticketUsed} (each ticket signs in once) Or the body is invalid.`,
          ),
          401: errorAnswer(signInMessages.wrongCode),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
        },
      },
    },
    async (request, reply) => {
      const account = await secondStep.accountOfTicket(request.body.ticket);
      const context = signInContext(request);
      await auth.checkLocks(account.email, context.ip);
      const code = request.body.code.replace(/\s/g, "");
      const isAppCode = /^\d{6}$/.test(code);
      const passed = isAppCode
        ? await totp.verify(account.adminId, code)
        : normaliseRecoveryCode(code).length > 0 &&
          (await totp.confirmed(account.adminId)) &&
          (await recovery.use(account.adminId, code));
      if (!passed) {
        await auth.recordFailure(account.email, context.ip);
        throw new Unauthorized(signInMessages.wrongCode);
      }
      // One ticket, one sign-in: a second use (even with another right code) is refused.
      if (!(await secondStep.takeTicket(account))) throw new Invalid(signInMessages.ticketUsed);
      const token = await auth.startSession(
        account.adminId,
        context,
        isAppCode ? "password+totp" : "password+recovery",
      );
      if (!isAppCode) {
        await audit.record({
          actor: { id: account.adminId, email: account.email },
          action: "recovery-code-used",
          type: "admin",
          id: account.adminId,
        });
      }
      return reply.header("cache-control", "no-store").send({ token });
    },
  );

  app.get(
    "/auth/security",
    {
      config: { authors: true, duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "getMySecurity",
        summary:
          "My second steps (authenticator app, recovery codes left, passkeys), whether the " +
          "team requires one, and whether I must add one before anything else",
        security: adminSecurity,
        response: { 200: securityStatusSchema, 401: errorAnswers.unauthorized },
      },
    },
    async (request, reply) => {
      const me = request.admin!;
      const [app, left, passkeys, current] = await Promise.all([
        totp.confirmed(me.id),
        recovery.left(me.id),
        database
          .selectFrom("admin_passkeys")
          .select(["id", "name", "created_at", "last_used_at", "backed_up"])
          .where("admin_id", "=", me.id)
          .orderBy("created_at")
          .execute(),
        settings.read(),
      ]);
      return reply.header("cache-control", "no-store").send({
        totp: app,
        recoveryCodesLeft: app ? left : 0,
        passkeys: passkeys.map((row) => ({
          id: row.id,
          name: row.name,
          createdAt: row.created_at,
          lastUsedAt: row.last_used_at,
          backedUp: Number(row.backed_up) === 1,
        })),
        requireSecondStep: current.requireSecondStep,
        passkeysAvailable,
        setupRequired: current.requireSecondStep && !app && passkeys.length === 0,
      });
    },
  );

  app.post(
    "/auth/totp/setup",
    {
      config: { authors: true, duringSetup: true, limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "setUpTotp",
        summary:
          "Starts setting up an authenticator app, with my password again: a new secret " +
          "(replacing one not yet confirmed), its otpauth URL and QR code; confirm it with one code",
        security: adminSecurity,
        body: stepUpSchema.nullish(),
        response: {
          200: totpSetupSchema,
          400: stepUpRefused,
          401: errorAnswers.unauthorized,
          409: errorAnswer("An authenticator app is already set up. Remove it first."),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
          503: hashBusy,
        },
      },
    },
    async (request, reply) => {
      if (await totp.confirmed(request.admin!.id)) {
        throw new Conflict("An authenticator app is already set up. Remove it first.");
      }
      await stepUp.confirm(request.admin!, request.body, request.ip);
      const { name } = await identity.get();
      const setup = await totp.setup(request.admin!, name);
      return reply.header("cache-control", "no-store").send(setup);
    },
  );

  app.post(
    "/auth/totp/confirm",
    {
      config: { authors: true, duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "confirmTotp",
        summary:
          "Confirms the authenticator app with one of its codes; answers ten single-use " +
          "recovery codes, shown this once",
        security: adminSecurity,
        body: totpConfirmSchema,
        response: {
          200: recoveryCodesSchema,
          400: invalidAnswer(`${signInMessages.wrongCode} Or no app is being set up.`),
          401: errorAnswers.unauthorized,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const me = request.admin!;
      const code = request.body.code.replace(/\s/g, "");
      const codes = await database.transaction().execute(async (trx) => {
        if (!(await totp.confirm(me.id, code, trx))) return undefined;
        return recovery.replace(me.id, trx);
      });
      if (!codes) throw new Invalid(signInMessages.wrongCode);
      await record(me, "totp-on");
      tellNewFactor(notifier, request, me, { kind: "app" });
      return reply.header("cache-control", "no-store").send({ recoveryCodes: codes });
    },
  );

  app.post(
    "/auth/totp/remove",
    {
      config: { authors: true, limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "removeTotp",
        summary: "Removes my authenticator app and its recovery codes, with my current password",
        security: adminSecurity,
        body: currentPasswordSchema,
        response: {
          200: successResponse,
          400: wrongPassword,
          401: errorAnswers.unauthorized,
          403: setupHeld,
          404: errorAnswer(noApp),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
          503: hashBusy,
        },
      },
    },
    async (request) => {
      const me = request.admin!;
      await stepUp.confirm(me, { currentPassword: request.body.currentPassword }, request.ip);
      const removed = await database.transaction().execute(async (trx) => {
        const had = await totp.remove(me.id, trx);
        await recovery.removeAll(me.id, trx);
        return had;
      });
      if (!removed) throw new NotFound(noApp);
      await record(me, "totp-off");
      return { success: true as const };
    },
  );

  app.post(
    "/auth/recovery-codes",
    {
      config: { authors: true, limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "newRecoveryCodes",
        summary:
          "Ten new recovery codes, with my current password (or a fresh code of my app): the " +
          "old ones stop working; a mail tells the account's address",
        security: adminSecurity,
        body: stepUpSchema,
        response: {
          200: recoveryCodesSchema,
          400: stepUpRefused,
          401: errorAnswers.unauthorized,
          403: setupHeld,
          409: errorAnswer(`${noApp} Recovery codes go with one.`),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
          503: hashBusy,
        },
      },
    },
    async (request, reply) => {
      const me = request.admin!;
      if (!(await totp.confirmed(me.id))) {
        throw new Conflict(`${noApp} Recovery codes go with one.`);
      }
      await stepUp.confirm(me, request.body, request.ip);
      const codes = await database.transaction().execute((trx) => recovery.replace(me.id, trx));
      await record(me, "recovery-codes");
      tellNewFactor(notifier, request, me, { kind: "recovery-codes" });
      return reply.header("cache-control", "no-store").send({ recoveryCodes: codes });
    },
  );

  app.get(
    "/auth/settings",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["auth"],
        operationId: "getAuthSettings",
        summary: "Whether everyone must have a second step for signing in (owner only)",
        security: adminSecurity,
        response: { 200: authSettingsSchema, 401: errorAnswers.unauthorized, 403: ownerOnly },
      },
    },
    async () => settings.read(),
  );

  app.put(
    "/auth/settings",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["auth"],
        operationId: "saveAuthSettings",
        summary:
          "Requires a second step (a passkey or an authenticator app) of everyone, or not; " +
          "who has none is held on the set-up screen after signing in (owner only)",
        security: adminSecurity,
        body: authSettingsSchema,
        response: {
          200: authSettingsSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          409: errorAnswer(signInMessages.ownSecondStepFirst),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const me = request.admin!;
      if (request.body.requireSecondStep && !(await secondStep.hasSecondStep(me.id))) {
        throw new Conflict(signInMessages.ownSecondStepFirst);
      }
      const { before, after } = await settings.save(request.body);
      if (before.requireSecondStep !== after.requireSecondStep) {
        await audit.record({
          actor: me,
          action: "require-second-step-change",
          type: "auth-settings",
          id: "auth",
          before,
          after,
        });
      }
      return after;
    },
  );
}
