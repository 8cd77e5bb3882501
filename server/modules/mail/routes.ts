import {
  autoReplySchema,
  mailOverviewSchema,
  testMailInputSchema,
  testMailResultSchema,
} from "../../../common/schemas/mail.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { errorAnswer, errorAnswers, jsonBodyErrors } from "../../openapi.ts";

const ownerOnly = errorAnswer("The signed-in admin is an editor: only an owner may do this.");

/** The owner's Mail screen (issue 29). */
export function registerMailRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { mail, audit } = services;

  app.get(
    "/mail",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["mail"],
        operationId: "getMail",
        summary:
          "Whether mail is set up (host, port, sender; never the password), the enquiry " +
          "auto-reply, and the newest mails the outbox could not send (owner only)",
        security: adminSecurity,
        response: { 200: mailOverviewSchema, 401: errorAnswers.unauthorized, 403: ownerOnly },
      },
    },
    async (_request, reply) => {
      const [autoReply, failures] = await Promise.all([mail.autoReply(), mail.failures()]);
      return reply
        .header("cache-control", "no-store")
        .send({ status: mail.status, autoReply, failures });
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
