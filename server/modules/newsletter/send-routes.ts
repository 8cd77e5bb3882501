import { z } from "zod";
import { idParam, successResponse } from "../../../common/schemas/common.ts";
import {
  newsletterMessageSchema,
  newsletterPreviewSchema,
  newsletterSendCreatedSchema,
  newsletterSendSchema,
  newsletterSettingsInputSchema,
  newsletterSettingsSchema,
  newsletterTestSchema,
} from "../../../common/schemas/newsletter.ts";
import { NEWSLETTER_TEST_RECIPIENTS } from "../../../common/newsletter.ts";
import { adminSecurity, type ApiApp, type ApiDeps } from "../../api-types.ts";
import { Invalid } from "../../errors.ts";
import { errorText } from "../outbox/service.ts";
import { errorAnswer, errorAnswers, invalidAnswer, jsonBodyErrors } from "../../openapi.ts";
import { auditWrites } from "../audit/record.ts";

const notSendable = errorAnswer(
  "Mail is not set up (SMTP_URL), or the post is a draft: `error` says which.",
);
const ownerOnly = errorAnswer("The signed-in admin is an editor: only an owner may do this.");

/** The newsletter's sending (issue 32): compose, preview, test, send, progress, settings. */
export function registerNewsletterSendRoutes(app: ApiApp, { services }: ApiDeps): void {
  const { newsletterSends: sends } = services;
  const audit = auditWrites(services.audit);

  app.get(
    "/admin/newsletter/settings",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "getNewsletterSettings",
        summary:
          "The sending rate, whether mail is set up (sending, double opt-in) and how many " +
          "confirmed subscribers a send made now would mail",
        security: adminSecurity,
        response: { 200: newsletterSettingsSchema, 401: errorAnswers.unauthorized },
      },
    },
    async (_request, reply) =>
      reply.header("cache-control", "no-store").send(await sends.settings()),
  );

  app.put(
    "/admin/newsletter/settings",
    {
      config: { ownerOnly: true },
      schema: {
        tags: ["newsletter"],
        operationId: "saveNewsletterSettings",
        summary: "Sets the sending rate in mails per minute, across every instance (owner only)",
        security: adminSecurity,
        body: newsletterSettingsInputSchema,
        response: {
          200: newsletterSettingsSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          403: ownerOnly,
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => {
      const { before, after } = await sends.saveSettings(request.body);
      await audit(request, {
        action: "update",
        type: "newsletter-settings",
        id: "newsletter",
        before: { ratePerMinute: before.ratePerMinute },
        after: { ratePerMinute: after.ratePerMinute },
      });
      return after;
    },
  );

  app.post(
    "/admin/newsletter/preview",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "previewNewsletter",
        summary:
          "The mail a subscriber would get for this post or message: subject, HTML and text " +
          "(with a sample unsubscribe link)",
        security: adminSecurity,
        body: newsletterMessageSchema,
        response: {
          200: newsletterPreviewSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          409: errorAnswer("The post is a draft: only a published or scheduled post is sent."),
          ...jsonBodyErrors,
        },
      },
    },
    async (request) => sends.preview(request.body),
  );

  app.post(
    "/admin/newsletter/test",
    {
      // Each call opens a connection to the mail server: bounded like sign-in.
      config: { limit: "login" },
      schema: {
        tags: ["newsletter"],
        operationId: "sendNewsletterTest",
        summary:
          "Mails this post or message to one staff address now, as a subscriber would get " +
          "it; recorded in Activity. 502 with the mail server's answer when it refused",
        description:
          "`to` must be the address of a staff account (400 otherwise): a test is for the " +
          "agency's own inboxes, never a way to mail others.",
        security: adminSecurity,
        body: newsletterTestSchema,
        response: {
          200: successResponse,
          400: invalidAnswer(
            `The message is incomplete, or \`to\` is no staff address: "${NEWSLETTER_TEST_RECIPIENTS}"`,
          ),
          401: errorAnswers.unauthorized,
          409: notSendable,
          ...jsonBodyErrors,
          429: errorAnswers.tooManyRequests,
          502: errorAnswer("The mail server did not take the mail: `error` is its answer."),
        },
      },
    },
    async (request, reply) => {
      // Without mail nothing goes anywhere (409 below); with it, only to a staff address.
      const { members } = await services.admins.list();
      if (sends.canSend && !members.some((member) => member.email === request.body.to)) {
        throw new Invalid(NEWSLETTER_TEST_RECIPIENTS);
      }
      let refused: string | undefined;
      try {
        await sends.sendTest(request.body);
      } catch (error) {
        if (error instanceof Error && "statusCode" in error) throw error;
        refused = errorText(error);
      }
      // What went to whom, in Activity (the body stays in the back office).
      const { to, postId, subject } = request.body;
      await audit(request, {
        action: "send-test",
        type: "newsletter",
        id: postId ?? "message",
        after: {
          to,
          ...(postId ? { postId } : {}),
          ...(subject ? { subject } : {}),
          accepted: !refused,
        },
      });
      if (refused !== undefined) {
        return reply.code(502).send({ error: `The mail server refused: ${refused}` });
      }
      return { success: true as const };
    },
  );

  app.post(
    "/admin/newsletter/sends",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "sendNewsletter",
        summary:
          "Sends a published or scheduled post, or a message of its own, to every confirmed " +
          "subscriber: answers 202 with the send's id at once; its mails go at the rate set " +
          "(a scheduled post's when it goes public)",
        security: adminSecurity,
        body: newsletterMessageSchema,
        response: {
          202: newsletterSendCreatedSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          409: notSendable,
          ...jsonBodyErrors,
        },
      },
    },
    async (request, reply) => {
      const send = await sends.create(request.body, request.admin!.id);
      await audit(request, {
        action: "send",
        type: "newsletter",
        id: send._id,
        after: { subject: send.subject, postId: send.postId, recipients: send.total },
      });
      return reply.code(202).send({ _id: send._id });
    },
  );

  app.get(
    "/admin/newsletter/sends",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "listNewsletterSends",
        summary: "Every send, newest first, with how far it got (sent, failed, waiting)",
        security: adminSecurity,
        response: { 200: z.array(newsletterSendSchema), 401: errorAnswers.unauthorized },
      },
    },
    async (_request, reply) => reply.header("cache-control", "no-store").send(await sends.list()),
  );

  app.get(
    "/admin/newsletter/sends/:id",
    {
      schema: {
        tags: ["newsletter"],
        operationId: "getNewsletterSend",
        summary: "One send and how far it got: state, total, sent, failed, waiting",
        security: adminSecurity,
        params: idParam,
        response: {
          200: newsletterSendSchema,
          400: errorAnswers.invalid,
          401: errorAnswers.unauthorized,
          404: errorAnswers.notFound,
        },
      },
    },
    async (request, reply) =>
      reply.header("cache-control", "no-store").send(await sends.get(request.params.id)),
  );
}
