import {
  acceptInviteSchema,
  accountMessages,
  changePasswordSchema,
  confirmEmailSchema,
  emailChangeResultSchema,
  emailChangeSchema,
  invitationSentSchema,
  resetLinkSchema,
  forgotPasswordSchema,
  invitationInputSchema,
  meChangeSchema,
  messageResponseSchema,
  resetPasswordSchema,
  roleChangeSchema,
  staffListSchema,
  staffMemberSchema,
  WEEKLY_REPORT_OWNERS_ONLY,
} from "../../../common/schemas/accounts.ts";
import {
  loginSchema,
  meResponseSchema,
  tokenResponseSchema,
} from "../../../common/schemas/auth.ts";
import { idParam, successResponse } from "../../../common/schemas/common.ts";
import { loginResponseSchema } from "../../../common/schemas/sign-in.ts";
import { signInContext } from "./context.ts";
import type { z } from "zod";
import type { FastifyReply } from "fastify";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { Forbidden } from "../../errors.ts";
import type { AuditEntry } from "../audit/service.ts";
import type { SignedInAdmin } from "./types.ts";

const ownerOnly = errorAnswer("The signed-in admin is an editor: only an owner may do this.");
/** The answers of a route that checks or sets a password and signs the admin in here. */
const signedInAnswers = (refused: string, signedIn: z.ZodType = tokenResponseSchema) => ({
  200: signedIn,
  400: invalidAnswer(refused),
  ...jsonBodyErrors,
  429: errorAnswers.tooManyRequests,
  503: errorAnswer("Too many password checks at once: try again after `Retry-After` seconds."),
});

/**
 * Staff accounts: signing in and out, my password, the forgotten-password link (issue 13),
 * invitations, removing people and roles. Every write is recorded in the activity log (type
 * "admin", or "session" for signing out everywhere); no password, hash or link token ever
 * goes into it.
 */
export function registerStaffRoutes(app: ApiApp, deps: ApiDeps): void {
  const { services } = deps;
  const { admins, auth, audit } = services;

  /**
   * The answer of a route after which `admin` is signed in here (a changed password): the
   * write in the activity log, then a fresh token that no cache keeps.
   */
  const signedInAnswer = async (
    reply: FastifyReply,
    admin: SignedInAdmin,
    entry: Omit<AuditEntry, "actor" | "type" | "id">,
  ) => {
    const token = await auth.tokenFor(admin, signInContext(reply.request));
    await audit.record({ actor: admin, type: "admin", id: admin.id, ...entry });
    return reply.header("cache-control", "no-store").send({ token });
  };

  /**
   * The answer after a link set a password (a reset, an accepted invitation): the write in
   * the activity log, then what the password sign-in answers (a token, or the second step's
   * ticket when the account has one), kept by no cache.
   */
  const afterLinkAnswer = async (
    reply: FastifyReply,
    admin: SignedInAdmin,
    entry: Omit<AuditEntry, "actor" | "type" | "id">,
  ) => {
    const answer = await auth.afterLink(admin.id, signInContext(reply.request));
    await audit.record({ actor: admin, type: "admin", id: admin.id, ...entry });
    return reply.header("cache-control", "no-store").send(answer);
  };

  app.post(
    "/auth/login",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "login",
        summary:
          "Sign in; answers a bearer token valid for TOKEN_TTL, or, when the account has a " +
          "second step, a ticket for /api/auth/login/second-step (or a passkey) and its methods",
        security: [],
        body: loginSchema,
        response: {
          200: loginResponseSchema,
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
      const answer = await auth.login(
        request.body.email,
        request.body.password,
        signInContext(request),
      );
      return reply.header("cache-control", "no-store").send(answer);
    },
  );

  app.get(
    "/auth/me",
    {
      config: { authors: true, duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "getMe",
        summary:
          "The signed-in admin: id, e-mail, name, role (owner or editor) and whether the " +
          "weekly traffic report is mailed to them",
        security: adminSecurity,
        response: { 200: meResponseSchema, 401: errorAnswers.unauthorized },
      },
    },
    async (request) => {
      const { id, email, name, role, setupRequired = false } = request.admin!;
      return {
        id,
        email,
        name,
        role,
        weeklyReport: await admins.weeklyReport(request.admin!),
        setupRequired,
      };
    },
  );

  app.patch(
    "/auth/me",
    {
      config: { authors: true },
      schema: {
        tags: ["auth"],
        operationId: "setMyName",
        summary:
          "Sets my own name (how the back office and the activity log name me) and, for an " +
          "owner, whether the weekly traffic report is mailed to me; either or both",
        security: adminSecurity,
        body: meChangeSchema,
        response: {
          200: meResponseSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: errorAnswer(`${WEEKLY_REPORT_OWNERS_ONLY} (An editor sent weeklyReport.)`),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      let me = request.admin!;
      const change = request.body;
      // Refused before anything is written: an editor's name stays as it was too.
      if (change.weeklyReport !== undefined && me.role !== "owner") {
        throw new Forbidden(WEEKLY_REPORT_OWNERS_ONLY);
      }
      if (change.name !== undefined) {
        const before = me;
        me = await admins.setName(before, change.name);
        if (before.name !== me.name) {
          await audit.record({
            actor: before,
            action: "name-change",
            type: "admin",
            id: me.id,
            before: { name: before.name },
            after: { name: me.name },
          });
        }
      }
      if (change.weeklyReport !== undefined) {
        const { before } = await admins.setWeeklyReport(me, change.weeklyReport);
        if (before !== change.weeklyReport) {
          await audit.record({
            actor: me,
            action: "weekly-report-change",
            type: "admin",
            id: me.id,
            before: { weeklyReport: before },
            after: { weeklyReport: change.weeklyReport },
          });
        }
      }
      const { id, email, name, role } = me;
      return {
        id,
        email,
        name,
        role,
        weeklyReport: await admins.weeklyReport(me),
        setupRequired: me.setupRequired ?? false,
      };
    },
  );

  app.post(
    "/auth/email",
    {
      config: { authors: true, limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "changeMyEmail",
        summary:
          "A new e-mail address for my account, with my current password: with mail, a " +
          "single-use link (1 hour) to the new address confirms it; without mail the address " +
          "changes at once",
        security: adminSecurity,
        body: emailChangeSchema,
        response: {
          200: emailChangeResultSchema,
          400: invalidAnswer(`${accountMessages.wrongCurrentPassword} Or the address is refused.`),
          401: errorAnswers.unauthorized,
          409: errorAnswer("The address already has an account."),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
        },
      },
    },
    async (request) => {
      const result = await admins.changeEmail(
        request.admin!,
        request.body.email,
        request.body.currentPassword,
      );
      await audit.record({
        actor: request.admin!,
        action: result.changed ? "email-change" : "email-change-asked",
        type: "admin",
        id: request.admin!.id,
        before: { email: result.before },
        after: { email: result.after },
      });
      return { changed: result.changed, email: result.after };
    },
  );

  app.post(
    "/auth/confirm-email",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "confirmEmail",
        summary: "Confirms a new e-mail address with the link mailed to it; the link stops working",
        security: [],
        body: confirmEmailSchema,
        response: {
          200: messageResponseSchema,
          400: invalidAnswer(accountMessages.linkUsedOrExpired),
          409: errorAnswer("The address already has an account."),
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
        },
      },
    },
    async (request) => {
      const { admin, before } = await admins.confirmEmail(request.body.token);
      await audit.record({
        actor: admin,
        action: "email-change",
        type: "admin",
        id: admin.id,
        before: { email: before },
        after: { email: admin.email },
      });
      return { message: accountMessages.emailConfirmed };
    },
  );

  app.post(
    "/auth/password",
    {
      // Guessing the current password with a stolen token is bounded like sign-in.
      config: { authors: true, limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "changePassword",
        summary:
          "Change my password: needs the current one; ends every session of the account and " +
          "answers a fresh token for this browser",
        security: adminSecurity,
        body: changePasswordSchema,
        response: {
          ...signedInAnswers(`${accountMessages.wrongCurrentPassword} Or the new one is refused.`),
          401: errorAnswers.unauthorized,
        },
      },
    },
    async (request, reply) => {
      const admin = await admins.changePassword(
        request.admin!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return signedInAnswer(reply, admin, { action: "password-change" });
    },
  );

  app.post(
    "/auth/forgot-password",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "forgotPassword",
        summary:
          "Mails a single-use link to choose a new password (valid 1 hour) when the address " +
          "has an account; the answer is the same either way",
        security: [],
        body: forgotPasswordSchema,
        response: {
          200: messageResponseSchema,
          400: errorAnswers.invalid,
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
        },
      },
    },
    async (request) => {
      admins.requestReset(request.body.email);
      // Without mail no link is made: the answer says so (the same for every address).
      return {
        message: admins.mailOn ? accountMessages.resetRequested : accountMessages.resetNoMail,
      };
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "resetPassword",
        summary:
          "Sets a new password with a reset link's token: the link (and every older one) stops " +
          "working, every session ends. Answers as /api/auth/login does: a token for this " +
          "browser, or, when the account has a second step, a ticket for " +
          "/api/auth/login/second-step (or a passkey) and its methods",
        security: [],
        body: resetPasswordSchema,
        response: signedInAnswers(
          `${accountMessages.linkUsedOrExpired} Or the password is refused.`,
          loginResponseSchema,
        ),
      },
    },
    async (request, reply) => {
      const admin = await admins.resetPassword(
        { token: request.body.token },
        request.body.password,
      );
      return afterLinkAnswer(reply, admin, { action: "password-reset" });
    },
  );

  app.post(
    "/auth/accept-invite",
    {
      config: { limit: "login" },
      schema: {
        tags: ["auth"],
        operationId: "acceptInvite",
        summary:
          "Creates the invited account (the invitation's e-mail and role) with a name and a " +
          "password; answers a token so the person is signed in",
        security: [],
        body: acceptInviteSchema,
        response: {
          ...signedInAnswers(
            `${accountMessages.inviteUsedOrExpired} Or the password is refused.`,
            loginResponseSchema,
          ),
          409: errorAnswer("An account for the invited address exists already."),
        },
      },
    },
    async (request, reply) => {
      const admin = await admins.acceptInvitation(
        request.body.token,
        request.body.name,
        request.body.password,
      );
      return afterLinkAnswer(reply, admin, {
        action: "accept-invite",
        after: { email: admin.email, name: admin.name, role: admin.role },
      });
    },
  );

  app.get(
    "/staff",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["staff"],
        operationId: "listStaff",
        summary: "The people with a back-office account, and the open invitations (owner only)",
        security: adminSecurity,
        response: { 200: staffListSchema, 401: errorAnswers.unauthorized, 403: ownerOnly },
      },
    },
    async (_request, reply) => reply.header("cache-control", "no-store").send(await admins.list()),
  );

  app.post(
    "/staff/invitations",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["staff"],
        operationId: "inviteStaff",
        summary:
          "Mails an invitation link (single use, valid 7 days) to join as owner or editor; an " +
          "earlier open invitation to the address is replaced (owner only). Without mail " +
          "(no SMTP_URL) nothing is mailed: `link` holds the link, this once, to hand over",
        security: adminSecurity,
        body: invitationInputSchema,
        response: {
          201: invitationSentSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          409: errorAnswer("The address already has an account."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const { invitation, link } = await admins.invite(
        request.admin!,
        request.body.email,
        request.body.role,
      );
      await audit.record({
        actor: request.admin!,
        action: "invite",
        type: "admin",
        id: invitation.id,
        after: {
          email: invitation.email,
          role: invitation.role,
          expiresAt: invitation.expiresAt,
          mailed: link === null,
        },
      });
      return reply
        .code(201)
        .header("cache-control", "no-store")
        .send({ ...invitation, mailed: link === null, link });
    },
  );

  app.post(
    "/staff/reset-links/:id",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["staff"],
        operationId: "makeResetLink",
        summary:
          "Makes a single-use link (valid 1 hour) for a person to choose a new password: " +
          "mailed to them, or without mail (no SMTP_URL) answered in `link`, this once, for " +
          "the owner to hand over; never for yourself (owner only)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: resetLinkSchema,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          404: errorAnswers.notFound,
          409: errorAnswer(accountMessages.resetNotYourself),
        },
      },
    },
    async (request, reply) => {
      const answer = await admins.resetLinkFor(request.admin!, request.params.id);
      await audit.record({
        actor: request.admin!,
        action: "reset-link",
        type: "admin",
        id: request.params.id,
        after: { email: answer.email, expiresAt: answer.expiresAt, mailed: answer.mailed },
      });
      return reply.header("cache-control", "no-store").send(answer);
    },
  );

  app.delete(
    "/staff/invitations/:id",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["staff"],
        operationId: "withdrawInvitation",
        summary: "Withdraws an open invitation: its link stops working (owner only)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          404: errorAnswers.notFound,
        },
      },
    },
    async (request) => {
      const invitation = await admins.withdrawInvitation(request.params.id);
      await audit.record({
        actor: request.admin!,
        action: "invite-withdraw",
        type: "admin",
        id: invitation.id,
        before: { email: invitation.email, role: invitation.role },
      });
      return { success: true as const };
    },
  );

  app.delete(
    "/staff/:id",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["staff"],
        operationId: "removeStaff",
        summary:
          "Removes a person's account and ends their sessions; every single-use link they made " +
          "for others (invitations, password links, preview links) stops working, each recorded " +
          "in the activity log; never your own, never the last owner (owner only)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          404: errorAnswers.notFound,
          409: errorAnswer(`${accountMessages.notYourself} Or: ${accountMessages.lastOwner}`),
        },
      },
    },
    async (request) => {
      const { removed } = await admins.remove({ id: request.params.id }, request.admin!);
      await audit.record({
        actor: request.admin!,
        action: "remove",
        type: "admin",
        id: removed.id,
        before: { email: removed.email, name: removed.name, role: removed.role },
      });
      return { success: true as const };
    },
  );

  app.patch(
    "/staff/:id",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["staff"],
        operationId: "changeStaffRole",
        summary:
          "Makes a person an owner or an editor; an owner made an editor can no longer invite " +
          "nor make password links, so the open ones they made stop working (each recorded in " +
          "the activity log); never your own role, never the last owner an editor (owner only)",
        security: adminSecurity,
        params: idParam,
        body: roleChangeSchema,
        response: {
          200: staffMemberSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          404: errorAnswers.notFound,
          409: errorAnswer(`${accountMessages.notYourself} Or: ${accountMessages.lastOwner}`),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { before, after } = await admins.changeRole(
        request.admin!,
        request.params.id,
        request.body.role,
      );
      if (before.role !== after.role) {
        await audit.record({
          actor: request.admin!,
          action: "role-change",
          type: "admin",
          id: after.id,
          before: { email: before.email, role: before.role },
          after: { email: after.email, role: after.role },
        });
      }
      return after;
    },
  );
}
