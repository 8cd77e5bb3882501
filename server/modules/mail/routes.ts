import {
  autoReplySchema,
  smtpSettingsInputSchema,
  smtpSettingsViewSchema,
  mailOverviewSchema,
  testMailInputSchema,
  testMailResultSchema,
} from "../../../common/schemas/mail.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Conflict } from "../../errors.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";

/** Why the Mail screen cannot change the mail server while SMTP_URL is set. */
export const FROM_ENVIRONMENT =
  "The mail server is set by SMTP_URL in the server's environment, which wins: change it there, or remove SMTP_URL to set it here.";

const ownerOnly = errorAnswer("The signed-in admin is an editor: only an owner may do this.");

/** The owner's Mail screen (issue 29). */
export function registerMailRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { mail, mailSettings, audit } = services;

  app.get(
    "/mail",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["mail"],
        operationId: "getMail",
        summary:
          "Whether mail is set up (host, port, sender; never the password), where the mail " +
          "server comes from (the environment or this screen), the enquiry auto-reply, and " +
          "the newest mails the outbox could not send (owner only)",
        security: adminSecurity,
        response: { 200: mailOverviewSchema, 401: errorAnswers.unauthorized, 403: ownerOnly },
      },
    },
    async (_request, reply) => {
      const [autoReply, failures] = await Promise.all([mail.autoReply(), mail.failures()]);
      return reply
        .header("cache-control", "no-store")
        .send({ status: mail.status, settings: mailSettings.view(), autoReply, failures });
    },
  );

  app.put(
    "/mail/settings",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["mail"],
        operationId: "saveMailSettings",
        summary:
          "Sets the mail server (host, port, security, user, password), the sender and the " +
          "address that gets the enquiry notifications; every instance uses it from its next " +
          "mail on. The password is write-only: left out, the stored one stays; never " +
          "answered. Refused (409) while SMTP_URL is set (owner only)",
        security: adminSecurity,
        body: smtpSettingsInputSchema,
        response: {
          200: smtpSettingsViewSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          409: errorAnswer("SMTP_URL is set in the server's environment: it wins."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      if (mailSettings.fromEnvironment) throw new Conflict(FROM_ENVIRONMENT);
      const { before, after, passwordChanged } = await mailSettings.save(request.body);
      // Never the password: only whether it changed.
      await audit.record({
        actor: request.admin!,
        action: "update",
        type: "mail-settings",
        id: "mail-settings",
        before,
        after: { ...after, passwordChanged },
      });
      return after;
    },
  );

  app.post(
    "/mail/test",
    {
      // Each call opens a connection to the mail server: bounded like sign-in.
      config: { ownerOnly: true, limit: "login" },
      schema: {
        tags: ["mail"],
        operationId: "sendTestMail",
        summary:
          "Mails a test message to an address and answers whether the mail server took it, " +
          "with its error when not (owner only)",
        security: adminSecurity,
        body: testMailInputSchema,
        response: {
          200: testMailResultSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
        },
      },
    },
    async (request) => mail.sendTest(request.body.to),
  );

  app.put(
    "/mail/auto-reply",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["mail"],
        operationId: "saveAutoReply",
        summary:
          "Switches the enquiry auto-reply on or off and sets its subject and text; `{name}` " +
          "stands for the visitor's name. It is sent only while mail is set up (owner only)",
        security: adminSecurity,
        body: autoReplySchema,
        response: {
          200: autoReplySchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { before, after } = await mail.saveAutoReply(request.body);
      await audit.record({
        actor: request.admin!,
        action: "update",
        type: "auto-reply",
        id: "auto-reply",
        before,
        after,
      });
      return after;
    },
  );
}
