import { idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  sessionListSchema,
  sessionsEndedSchema,
  signedOutEverywhereSchema,
  signInMessages,
  signOutChoiceSchema,
  type SignOutChoice,
} from "../../../common/schemas/sign-in.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { NotFound } from "../../errors.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";
import type { SignedInAdmin } from "./types.ts";

/**
 * My sessions (issue 34): the browsers and clients signed in to my account, on the Devices
 * panel of My account. Signing out here, ending one of the others, or all the others; each
 * is recorded in the activity log (type "session"). Ending a session deletes its row, so
 * its token answers 401 on every instance from its next request.
 */
/** The refusals of signing out everywhere or the others: a bad removePasskeys, no session. */
const signOutRefusals = {
  400: errorAnswers.invalid,
  401: errorAnswers.unauthorized,
  ...jsonBodyErrors,
};

export function registerSessionRoutes(app: ApiApp, deps: ApiDeps): void {
  const { sessions, audit, admins, passkeys } = deps.services;

  /**
   * Removes the passkeys the person chose to remove with signing out (issue 46: those a
   * stolen session could have added), each recorded in the activity log; answers how many,
   * or undefined when none were asked.
   */
  async function removeChosen(admin: SignedInAdmin, choice: SignOutChoice | null | undefined) {
    const ids = choice?.removePasskeys;
    if (ids === undefined) return undefined;
    const removed = await passkeys.removeSome(admin.id, ids);
    for (const passkey of removed) {
      await audit.record({
        actor: admin,
        action: "passkey-remove",
        type: "admin",
        id: admin.id,
        before: { name: passkey.name, reason: "Removed with signing out" },
      });
    }
    return removed.length;
  }

  app.post(
    "/auth/logout-all",
    {
      config: { authors: true, duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "logoutAll",
        summary:
          "Sign out everywhere: ends every token of the signed-in admin, this one too; first " +
          "removes the passkeys named in removePasskeys (the recent ones the screen offers, " +
          "/api/auth/passkeys/recent)",
        security: adminSecurity,
        body: signOutChoiceSchema.nullish(),
        response: { 200: signedOutEverywhereSchema, ...signOutRefusals },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const passkeysRemoved = await removeChosen(admin, request.body);
      await admins.endSessions(admin.email);
      await audit.record({
        actor: admin,
        action: "logout-all",
        type: "session",
        id: admin.id,
      });
      return {
        success: true as const,
        ...(passkeysRemoved === undefined ? {} : { passkeysRemoved }),
      };
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { authors: true, duringSetup: true },
      schema: {
        tags: ["auth"],
        operationId: "logout",
        summary: "Sign out here: ends this token's session (other devices stay signed in)",
        security: adminSecurity,
        response: { 200: successResponse, 401: errorAnswers.unauthorized },
      },
    },
    async (request) => {
      const admin = request.admin!;
      if (admin.sessionId) await sessions.end(admin.id, admin.sessionId);
      await audit.record({
        actor: admin,
        action: "logout",
        type: "session",
        id: admin.sessionId ?? admin.id,
      });
      return { success: true as const };
    },
  );

  app.get(
    "/auth/sessions",
    {
      config: { authors: true },
      schema: {
        tags: ["auth"],
        operationId: "listSessions",
        summary:
          "My sessions (devices): browser, system, network, first and last seen, last seen " +
          "first; `current` marks this token's",
        security: adminSecurity,
        response: { 200: sessionListSchema, 401: errorAnswers.unauthorized },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const list = await sessions.list(admin.id, admin.sessionId);
      return reply.header("cache-control", "no-store").send({ sessions: list });
    },
  );

  app.delete(
    "/auth/sessions/:id",
    {
      config: { authors: true },
      schema: {
        tags: ["auth"],
        operationId: "endSession",
        summary:
          "Ends one of my sessions: that browser's next request answers 401 (this one's " +
          "too, when it is this token's)",
        security: adminSecurity,
        params: idParam,
        response: {
          200: successResponse,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: errorAnswer(signInMessages.sessionNotFound),
        },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const ended = await sessions.end(admin.id, request.params.id);
      if (!ended) throw new NotFound(signInMessages.sessionNotFound);
      await audit.record({
        actor: admin,
        action: "session-end",
        type: "session",
        id: ended.id,
        before: { browser: ended.browser, os: ended.os, network: ended.network },
      });
      return { success: true as const };
    },
  );

  app.post(
    "/auth/sessions/end-others",
    {
      config: { authors: true },
      schema: {
        tags: ["auth"],
        operationId: "endOtherSessions",
        summary:
          "Signs out all my other devices: every session of mine but this token's ends; first " +
          "removes the passkeys named in removePasskeys (the recent ones the screen offers)",
        security: adminSecurity,
        body: signOutChoiceSchema.nullish(),
        response: { 200: sessionsEndedSchema, ...signOutRefusals },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const passkeysRemoved = await removeChosen(admin, request.body);
      const ended = await sessions.endOthers(admin.id, admin.sessionId);
      await audit.record({
        actor: admin,
        action: "sessions-end-others",
        type: "session",
        id: admin.id,
        after: { ended },
      });
      return { ended, ...(passkeysRemoved === undefined ? {} : { passkeysRemoved }) };
    },
  );
}
